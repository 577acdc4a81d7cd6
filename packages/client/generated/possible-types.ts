
      export interface PossibleTypesResultData {
        possibleTypes: {
          [key: string]: string[]
        }
      }
      const result: PossibleTypesResultData = {
  "possibleTypes": {
    "AppliedRule": [
      "PermissionRule",
      "SnapshotRule"
    ],
    "CarriedTool": [
      "SnapshotTool",
      "ToolboxEntry"
    ],
    "LeftOutTool": [
      "DroppedTool",
      "SnapshotDroppedTool"
    ],
    "ToolboxContent": [
      "Toolbox",
      "ToolboxSnapshot"
    ]
  }
};
      export default result;
    
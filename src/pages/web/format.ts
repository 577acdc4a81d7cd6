/** The situation a toolbox is for, as the pages show it. */
export interface PageFacts {
  type: string;
  contextObject?: string | null;
  recordId?: string | null;
}

export const numbers = new Intl.NumberFormat('en');
export const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });
export const pageLabel = (page: PageFacts) =>
  [page.type.toLowerCase(), page.contextObject, page.recordId].filter((part) => part).join(' · ');

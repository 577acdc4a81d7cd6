/** The release this client is of: the same as the Loadout server's it was built with (a spec holds the two equal). */
export const CLIENT_VERSION = '0.1.0';

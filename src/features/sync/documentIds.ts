// Which VS Code documents are the sync feature's: their URI schemes (the URIs themselves: syncUris.ts). Plain names
// without vscode values, so the startup shell (syncOnDemand.ts) knows them without loading the feature.
export const BASE_SCHEME = 'cstudio-base';
export const ZIP_SCHEME = 'cstudio-zip';
export const SYNC_SCHEME = 'cstudio-sync';

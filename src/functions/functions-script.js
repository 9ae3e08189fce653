/*
 * Served as functions.js, the manifest's <Script> for the RS functions (Functions.Script.Url). The schema requires
 * that element, but the add-in runs its functions in the shared runtime: Excel loads the manifest's <Page>, the task
 * pane's page, whose bundle holds src/functions/functions.ts and associates each function with its id
 * (https://learn.microsoft.com/office/dev/add-ins/develop/configure-your-add-in-to-use-a-shared-runtime). Where
 * Excel has no shared runtime it ignores the add-in's VersionOverrides, functions included, so no Excel runs this
 * file: it holds no code, and associating the functions a second time, away from the pane's session, could only fail.
 */

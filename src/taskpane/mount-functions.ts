// The RS functions, which run in the pane's page (the manifest's shared runtime). Microsoft's metadata plugin appends
// their `CustomFunctions.associate` calls to src/functions/functions.ts, so loading it registers them with Office's
// custom-functions runtime, which must be in the page first: Office's task pane page loads this module as its script
// loads, the workbench once Microsoft's library has loaded. A module of its own, so the workbench can load it then.
import '../functions/functions';

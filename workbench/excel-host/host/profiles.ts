/**
 * The hosts the emulator can stand in for. Payload limits: "Excel on the web has a payload size limit for
 * requests and responses of 5MB" (https://learn.microsoft.com/en-us/office/dev/add-ins/concepts/resource-limits-and-performance-optimization#excel-add-ins);
 * desktop Excel has no such limit. Requirement sets per host:
 * https://learn.microsoft.com/en-us/javascript/api/requirement-sets/excel/excel-api-requirement-sets
 * (Office 2019, volume-licensed perpetual: ExcelApi 1.1 to 1.7).
 */

export interface HostProfile {
  name: 'web' | 'excel2019' | 'ltsc2021' | 'desktop';
  /** Highest ExcelApi 1.x minor version the host implements. */
  excelApiMinor: number;
  requestLimitBytes: number | null;
  responseLimitBytes: number | null;
  /** Other requirement sets the host reports, as Office's `RequirementMatrix` holds them. */
  otherSets: Record<string, string>;
}

/** The highest ExcelApi minor version of Excel 2019 (volume licence), per the availability table above. */
const EXCEL_2019_VOLUME_MAX_MINOR = 7;

export const PAYLOAD_LIMIT_BYTES = 5 * 1024 * 1024;

export const HOST_PROFILES: Record<HostProfile['name'], HostProfile> = {
  /**
   * Excel on the web also has ExcelApiOnline 1.1, its own superset of the latest numbered set ("features that are only
   * available for Excel on the web", https://learn.microsoft.com/javascript/api/requirement-sets/excel/excel-api-online-requirement-set):
   * Office.js builds from before a member joined a numbered set check that set for it (`onNameChanged`, say).
   */
  web: {
    name: 'web', excelApiMinor: 20, requestLimitBytes: PAYLOAD_LIMIT_BYTES, responseLimitBytes: PAYLOAD_LIMIT_BYTES,
    otherSets: { dialogapi: '1.2', dialogorigin: '1.1', richapiruntime: '1.1', sharedruntime: '1.1', excelapionline: '1.1' },
  },
  excel2019: { name: 'excel2019', excelApiMinor: EXCEL_2019_VOLUME_MAX_MINOR, requestLimitBytes: null, responseLimitBytes: null, otherSets: { dialogapi: '1.1', richapiruntime: '1.1' } },
  /**
   * Excel 2021 LTSC (volume licence), standing also for retail perpetual Excel 2311+: runs the add-in's functions in its
   * shared runtime but shows no formatted number values. ExcelApi 1.14 ("Office 2021: Version 2108", the availability
   * table above), SharedRuntime 1.1 ("Excel 2021: Version 2108",
   * https://learn.microsoft.com/javascript/api/requirement-sets/common/shared-runtime-requirement-sets) and
   * CustomFunctionsRuntime 1.3, not 1.4 ("Office 2021: Version 2108" for 1.1 to 1.3, "Not supported" for 1.4,
   * https://learn.microsoft.com/javascript/api/requirement-sets/excel/custom-functions-requirement-sets).
   */
  ltsc2021: { name: 'ltsc2021', excelApiMinor: 14, requestLimitBytes: null, responseLimitBytes: null, otherSets: { dialogapi: '1.1', richapiruntime: '1.1', sharedruntime: '1.1', customfunctionsruntime: '1.3' } },
  desktop: { name: 'desktop', excelApiMinor: 20, requestLimitBytes: null, responseLimitBytes: null, otherSets: { dialogapi: '1.2', dialogorigin: '1.1', richapiruntime: '1.1', sharedruntime: '1.1' } },
};

/**
 * The CustomFunctionsRuntime version a host claims: its profile's, else 1.4 where the add-in's functions run in its shared runtime. 1.4
 * adds custom functions' data types, so a function may return a formatted number `{ type: 'Double', basicValue,
 * numberFormat }` (https://learn.microsoft.com/javascript/api/requirement-sets/excel/custom-functions-requirement-sets:
 * Excel on the web and Microsoft 365 from 2208 have it; perpetual and volume-licensed Excel do not). Not 1.5: its
 * linked entities and `CustomFunctions.Invocation` preview are not emulated.
 */
export function customFunctionsRuntimeVersion(otherSets: Readonly<Record<string, string>>): string | null {
  // A profile that names its version (LTSC Excel: 1.3) claims that one.
  return otherSets.customfunctionsruntime ?? (otherSets.sharedruntime ? '1.4' : null);
}

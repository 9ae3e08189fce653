/**
 * Document settings: text saved inside the file, so only what may travel with the workbook goes there (never a
 * token). ExcelApi 1.4: https://learn.microsoft.com/en-us/javascript/api/excel/excel.settingcollection
 */

/** A document setting's text, or null when the workbook has none. */
export async function readSetting(context: Excel.RequestContext, key: string): Promise<string | null> {
  const setting = context.workbook.settings.getItemOrNullObject(key);
  setting.load('value');
  await context.sync();
  return setting.isNullObject || typeof setting.value !== 'string' ? null : setting.value;
}

/** Saves a document setting's text (`add` replaces an existing one), or removes it (`null`). */
export async function writeSetting(context: Excel.RequestContext, key: string, value: string | null): Promise<void> {
  if (value !== null) {
    context.workbook.settings.add(key, value);
  } else {
    // A null object takes no actions: it is looked up first.
    const setting = context.workbook.settings.getItemOrNullObject(key);
    await context.sync();
    if (setting.isNullObject) return;
    setting.delete();
  }
  await context.sync();
}

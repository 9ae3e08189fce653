export * from './data-source';
export * from './errors';
export * from './placement-registry';
export * from './report-store';
export * from './report-publisher';
export * from './workbook';
export * from './dialog';
export * from './workbook-parts';

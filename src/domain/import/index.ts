// The import's pure rules (issue 15): CSV reading, the header check, per-type value parsing, the
// per-row check with recalculation and submit validation, the report and the template.
export * from './csvParser';
export * from './importColumns';
export * from './importValues';
export * from './importRows';
export * from './importReport';
export * from './importTemplate';

/**
 * The one module that imports AG Grid. Only the modules the console uses are registered (about 100 KB
 * gzipped less than AllCommunityModule); the theme lives in code, coloured by the shell's theme colour.
 */
import {
  CellStyleModule,
  ClientSideRowModelModule,
  ColumnAutoSizeModule,
  LocaleModule,
  ModuleRegistry,
  RowSelectionModule,
  RowStyleModule,
  themeQuartz,
} from 'ag-grid-community';

ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  RowSelectionModule,
  ColumnAutoSizeModule,
  CellStyleModule,
  RowStyleModule,
  LocaleModule,
]);

/** A finger on a tablet gets rows and headers of 40 px (issue 10 item 10); the pointer rarely changes in a session. */
const coarse = typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;

/** The console's grid theme: Quartz with the accent following `--wharf-primary` (set by the shell's theme colour). */
export const gridTheme = themeQuartz.withParams({
  accentColor: 'var(--wharf-primary, #14889A)',
  fontFamily: 'inherit',
  fontSize: 13,
  headerFontSize: 13,
  headerFontWeight: 600,
  rowHeight: coarse ? 40 : 38,
  headerHeight: 40,
  spacing: 6,
  wrapperBorderRadius: 4,
  borderRadius: 3,
});

export type {
  ColDef,
  ColumnResizedEvent,
  GetRowIdParams,
  GridApi,
  GridReadyEvent,
  ICellRendererParams,
  RowSelectionOptions,
  SelectionChangedEvent,
  SortChangedEvent,
  SortComparatorFn,
} from 'ag-grid-community';
export { AgGridReact } from 'ag-grid-react';

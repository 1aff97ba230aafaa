import { Box } from '@mui/material';
import {
  DataGrid,
  type GridColDef,
  type GridPaginationModel,
  type GridRowParams,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';

export const PAGE_SIZES = [10, 25, 50, 100];

export interface OpsDataGridProps<R extends GridValidRowModel> {
  /** Names the table for screen readers. */
  label: string;
  rows: R[];
  columns: GridColDef<R>[];
  rowCount: number;
  loading: boolean;
  paginationModel: GridPaginationModel;
  onPaginationModelChange(model: GridPaginationModel): void;
  /** Only when the API sorts this list; otherwise the columns cannot be sorted. */
  sortModel?: GridSortModel;
  onSortModelChange?(model: GridSortModel): void;
  onRowClick?(row: R): void;
  noRowsLabel: string;
  /** Rows as tall as their content (cells of two or three lines); otherwise one compact line each. */
  autoRowHeight?: boolean;
}

/**
 * Every back-office table: paged (and, where the API can, sorted) on the server, so a list of 100,000 orders
 * costs one page. Rows open on click or Enter.
 */
export function OpsDataGrid<R extends GridValidRowModel>(props: OpsDataGridProps<R>) {
  const sortable = Boolean(props.onSortModelChange);
  return (
    <Box sx={{ width: '100%', bgcolor: 'background.paper' }}>
      <DataGrid<R>
        aria-label={props.label}
        rows={props.rows}
        columns={props.columns}
        rowCount={props.rowCount}
        loading={props.loading}
        paginationMode="server"
        sortingMode="server"
        paginationModel={props.paginationModel}
        onPaginationModelChange={props.onPaginationModelChange}
        pageSizeOptions={PAGE_SIZES}
        sortModel={props.sortModel ?? []}
        onSortModelChange={props.onSortModelChange}
        disableColumnSorting={!sortable}
        sortingOrder={['desc', 'asc']}
        disableColumnFilter
        disableRowSelectionOnClick
        disableColumnMenu
        autoHeight
        density="compact"
        getRowHeight={props.autoRowHeight ? () => 'auto' : undefined}
        localeText={{ noRowsLabel: props.noRowsLabel }}
        onRowClick={props.onRowClick ? (p: GridRowParams<R>) => props.onRowClick?.(p.row) : undefined}
        onCellKeyDown={(p, event) => {
          if (event.key === 'Enter' && props.onRowClick) props.onRowClick(p.row as R);
        }}
        sx={{
          '& .MuiDataGrid-row': { cursor: props.onRowClick ? 'pointer' : 'default' },
          ...(props.autoRowHeight ? { '& .MuiDataGrid-cell': { py: 1, alignItems: 'flex-start' } } : {}),
        }}
      />
    </Box>
  );
}

import {
  Alert,
  Box,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import type { SiteImportReport } from '@ooh/shared';
import { formatCount } from '@ooh/shared';
import { useState } from 'react';

const PAGE_SIZES = [25, 50, 100];

/** The counts and the problems, one line each (line, column, message); paged, as a file may have thousands. */
export function ImportReport({ report }: { report: SiteImportReport }) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]);
  const shown = report.errors.slice(page * pageSize, (page + 1) * pageSize);
  const header = report.errors.filter((e) => e.line === 1).length;

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Summary">
        <Chip label={`${formatCount(report.total_rows)} rows`} />
        <Chip color="success" label={`${formatCount(report.valid_rows)} valid`} />
        <Chip
          color={report.invalid_rows ? 'error' : 'default'}
          label={`${formatCount(report.invalid_rows)} with errors`}
        />
      </Stack>
      {header > 0 && (
        <Alert severity="warning">
          The header row has {header === 1 ? 'a problem' : `${header} problems`} (line 1 below). Column names
          must match the template.
        </Alert>
      )}
      {report.errors_truncated && (
        <Alert severity="info">
          Only the first {formatCount(report.errors.length)} problems are listed; the counts above are
          complete.
        </Alert>
      )}
      {report.errors.length > 0 ? (
        <Box>
          <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <Table size="small" aria-label="Problems found in the file">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: { xs: 48, sm: 64 } }}>Line</TableCell>
                  {/* On a phone the column's name goes above the problem, so neither is squeezed. */}
                  <TableCell sx={{ width: 160, display: { xs: 'none', sm: 'table-cell' } }}>Column</TableCell>
                  <TableCell>
                    <Box component="span" sx={{ display: { sm: 'none' } }}>
                      Column and problem
                    </Box>
                    <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                      Problem
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((e) => (
                  // A line has at most one problem per column; the header's unknown columns have distinct names.
                  <TableRow key={`${e.line}|${e.field}|${e.message}`}>
                    <TableCell>{e.line}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-word', display: { xs: 'none', sm: 'table-cell' } }}>
                      <code>{e.field}</code>
                    </TableCell>
                    <TableCell sx={{ wordBreak: 'break-word' }}>
                      <Box component="code" sx={{ display: { xs: 'block', sm: 'none' }, fontWeight: 600 }}>
                        {e.field}
                      </Box>
                      {e.site_code || e.site_name ? (
                        <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
                          {[e.site_code, e.site_name].filter(Boolean).join(' · ')}
                        </Box>
                      ) : null}
                      {e.message}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={report.errors.length}
            page={page}
            onPageChange={(_, p) => setPage(p)}
            rowsPerPage={pageSize}
            rowsPerPageOptions={PAGE_SIZES}
            onRowsPerPageChange={(e) => {
              setPageSize(Number(e.target.value));
              setPage(0);
            }}
            labelRowsPerPage="Per page"
            sx={{ '.MuiTablePagination-toolbar': { px: 0, flexWrap: 'wrap' } }}
          />
        </Box>
      ) : (
        <Typography color="text.secondary">No problems found: every row can be imported.</Typography>
      )}
    </Stack>
  );
}

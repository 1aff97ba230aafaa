import { lazy, Suspense } from 'react';
import { useOpenedOnce } from '../lib/use-opened-once';
import type { HelpDialogProps } from './help-dialog';

const HelpDialog = lazy(() => import('./help-dialog').then((m) => ({ default: m.HelpDialog })));

/** The Help dialog, whose form (react-hook-form, text fields, ~30 KB gzipped) loads when first opened. */
export function HelpDialogOnDemand(props: HelpDialogProps) {
  const opened = useOpenedOnce(props.open);
  return opened ? (
    <Suspense fallback={null}>
      <HelpDialog {...props} />
    </Suspense>
  ) : null;
}

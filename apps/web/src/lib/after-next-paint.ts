/**
 * Runs `task` once the browser has painted the next frame (a frame callback, then a task of its own), when
 * the page's layout is already worked out: reading or measuring it then costs nothing extra, where doing so
 * right after a render forced the whole layout inside that render's long task (docs/decisions/060). The same
 * moment lib/defer-scripts.ts starts the app at. Returns the way to cancel it (an effect's cleanup).
 */
export function afterNextPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

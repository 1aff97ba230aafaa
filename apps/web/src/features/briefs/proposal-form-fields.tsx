/** A proposal's answer forms: its `id` ties inputs elsewhere on the card to it (the `form` attribute). */
export function Hidden({ intent, id }: { intent: string; id: number }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="proposal_id" value={id} />
    </>
  );
}

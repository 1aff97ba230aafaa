import { useEffect, useState } from 'react';
import { TextInput, type TextInputProps } from '../../components/text-input';
import { useDebouncedValue } from '../../lib/use-debounced-value';

type Props = Omit<TextInputProps, 'value' | 'onChange'> & {
  /** The value in force (from the address). */
  applied: string;
  /** Called once typing pauses, with the trimmed text. */
  apply(value: string): void;
};

/** A filter box that applies what was typed once typing pauses (one request per search, not per letter). */
export function DebouncedField({ applied, apply, ...props }: Props) {
  const [text, setText] = useState(applied);
  const settled = useDebouncedValue(text, 400);
  // Back, Forward or Clear change the applied value: the box shows it again.
  useEffect(() => setText(applied), [applied]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the typed text settles
  useEffect(() => {
    if (settled.trim() !== applied) apply(settled.trim());
  }, [settled]);
  return (
    <TextInput
      size="small"
      {...props}
      value={text}
      onChange={(e) => setText(e.target.value)}
      slotProps={{ htmlInput: { maxLength: 100 } }}
    />
  );
}

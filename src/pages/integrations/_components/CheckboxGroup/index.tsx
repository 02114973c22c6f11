import {useId} from 'react';
import styles from './styles.module.css';

interface Props {
  legend: string;
  /** One sentence under the legend on how the choices combine. */
  hint?: string;
  options: string[];
  selected: string[];
  /** Cards listed if the option were chosen, shown beside it. */
  counts: Record<string, number>;
  onToggle: (value: string) => void;
}

/** A fieldset of labelled checkboxes, one per filter value, with result counts. */
export function CheckboxGroup({legend, hint, options, selected, counts, onToggle}: Props) {
  const id = useId();
  return (
    <fieldset className={styles.group} aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className={styles.legend}>{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      <ul className={styles.options}>
        {options.map((option, i) => (
          <li key={option}>
            <input
              type="checkbox"
              id={`${id}-${i}`}
              className={styles.checkbox}
              checked={selected.includes(option)}
              onChange={() => onToggle(option)}
            />
            <label htmlFor={`${id}-${i}`} className={styles.label}>
              <span>{option}</span>
              <span className={styles.count}>{counts[option] ?? 0}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

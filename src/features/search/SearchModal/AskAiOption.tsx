import {chatText} from '@site/src/site';
import {ChatIcon} from '@site/src/features/chat/ChatIcon';
import styles from './styles.module.css';

/** Id of the Ask action among the options of the results listbox (the combobox points at it when it is active). */
export const ASK_OPTION_ID = 'search-option-ask';

interface Props {
  question: string;
  active: boolean;
  onAsk: () => void;
  onHover: () => void;
}

/** "Ask our AI: ⟨what was typed⟩", the first option of the results, as DocSearch offers its Ask AI action. */
export function AskAiOption({question, active, onAsk, onHover}: Props) {
  return (
    <div id={ASK_OPTION_ID} role="option" aria-selected={active} className={`${styles.option} ${styles.askOption}`} onMouseMove={onHover} onClick={onAsk}>
      <ChatIcon className={styles.askIcon} />
      <div className={styles.askText}>
        {chatText.askFromSearch} <strong>{question}</strong>
      </div>
    </div>
  );
}

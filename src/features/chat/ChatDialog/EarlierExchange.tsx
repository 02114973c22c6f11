import {chatText} from '@site/src/site';
import {exchangeShowsFeedback, type ChatExchange, type Rating} from '../chat-machine';
import {ChatMarkdown, type InternalLinkComponent} from '../ChatMarkdown';
import {foldSourceList} from '../fold-source-list';
import {ANSWER_START_ATTRIBUTE} from '../use-thread-scroll';
import {AnswerCodeBlock} from './AnswerCodeBlock';
import {AnswerStatus} from './AnswerStatus';
import {Feedback} from './Feedback';
import {Sources} from './Sources';
import styles from './styles.module.css';

/** The question a reader asked, above its answer in a conversation. */
export function AskedQuestion({query, startsAnswer = false}: {query: string; startsAnswer?: boolean}) {
  return (
    <p className={styles.question} {...(startsAnswer ? {[ANSWER_START_ATTRIBUTE]: ''} : {})}>
      <span className={styles.visuallyHidden}>{chatText.youAsked} </span>
      {query}
    </p>
  );
}

interface EarlierExchangeProps {
  exchange: ChatExchange;
  onRate: (rating: Rating) => void;
  InternalLink: InternalLinkComponent;
}

/** An earlier question of the conversation with everything its answer had: how it ended, its sources, its feedback. */
export function EarlierExchange({exchange, onRate, InternalLink}: EarlierExchangeProps) {
  const answer = foldSourceList(exchange.answer, exchange.references);
  return (
    <div className={styles.exchange}>
      <AskedQuestion query={exchange.query} />
      <ChatMarkdown markdown={answer} InternalLink={InternalLink} CodeBlock={AnswerCodeBlock} />
      <AnswerStatus ending={exchange.ending} answer={answer} references={exchange.references} />
      {exchange.references.length > 0 && <Sources view="references" references={exchange.references} InternalLink={InternalLink} />}
      {exchangeShowsFeedback(exchange) && <Feedback rating={exchange.rating} onRate={onRate} />}
    </div>
  );
}

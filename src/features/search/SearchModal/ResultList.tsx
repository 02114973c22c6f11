import type {ReactNode} from 'react';
import {groupByPage, type SearchHit} from '../../../../lib/search/engine';
import {snippet} from '../highlight';
import {Highlighted} from '../components/Highlighted';
import styles from './styles.module.css';

export const optionId = (i: number) => `search-option-${i}`;

interface Props {
  hits: SearchHit[];
  activeIndex: number;
  onPick: (hit: SearchHit) => void;
  onHover: (index: number) => void;
  /** Options before the results (the Ask action). */
  leading?: ReactNode;
}

/** Results grouped by page as an ARIA listbox; keyboard focus stays in the input (aria-activedescendant). */
export function ResultList({hits, activeIndex, onPick, onHover, leading}: Props) {
  let index = -1;
  return (
    <div role="listbox" id="search-results" aria-label="Search results" className={styles.results}>
      {leading}
      {groupByPage(hits).map((group) => (
        <div role="group" key={group.pageUrl} aria-labelledby={`group-${group.pageUrl}`} className={styles.group}>
          <div id={`group-${group.pageUrl}`} className={styles.groupTitle}>
            {group.pageTitle} <span className={styles.groupCategory}>{group.group}</span>
          </div>
          {group.hits.map((hit) => {
            index += 1;
            const i = index;
            return (
              <div
                key={hit.url}
                id={optionId(i)}
                role="option"
                aria-selected={i === activeIndex}
                className={styles.option}
                onMouseMove={() => onHover(i)}
                onClick={() => onPick(hit)}>
                <span className={styles.optionTitle}>
                  <Highlighted text={hit.heading || hit.pageTitle} terms={hit.terms} />
                </span>
                <span className={styles.optionText}>
                  <Highlighted text={snippet(hit.text, hit.terms, 120)} terms={hit.terms} />
                </span>
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}

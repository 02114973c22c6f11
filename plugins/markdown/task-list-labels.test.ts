import {describe, expect, it} from 'vitest';
import rehypeTaskListLabels, {type HastNode} from './task-list-labels';

const el = (tagName: string, properties: Record<string, unknown>, children: HastNode[] = []): HastNode => ({type: 'element', tagName, properties, children});
const txt = (value: string): HastNode => ({type: 'text', value});
const checkbox = () => el('input', {type: 'checkbox', checked: false, disabled: true});

describe('rehypeTaskListLabels', () => {
  it('names a task checkbox after its item text, leaving nested lists out', () => {
    const box = checkbox();
    const tree = el('root', {}, [
      el('ul', {className: ['contains-task-list']}, [
        el('li', {className: ['task-list-item']}, [box, txt(' Aspect added to '), el('code', {}, [txt('entity-registry.yml')]), el('ul', {}, [el('li', {}, [txt('nested')])])]),
      ]),
    ]);
    rehypeTaskListLabels()(tree);
    expect(box.properties).toMatchObject({ariaLabel: 'Aspect added to entity-registry.yml'});
  });

  it('handles loose lists, where the checkbox sits in a paragraph', () => {
    const box = checkbox();
    const tree = el('root', {}, [el('li', {}, [el('p', {}, [box, txt(' A write and a read succeed')])])]);
    rehypeTaskListLabels()(tree);
    expect(box.properties).toMatchObject({ariaLabel: 'A write and a read succeed'});
  });

  it('leaves other list items and labelled checkboxes alone', () => {
    const labelled = el('input', {type: 'checkbox', ariaLabel: 'Mine'});
    const tree = el('root', {}, [el('li', {}, [txt('plain')]), el('li', {}, [labelled, txt('other')])]);
    rehypeTaskListLabels()(tree);
    expect(labelled.properties).toEqual({type: 'checkbox', ariaLabel: 'Mine'});
  });
});

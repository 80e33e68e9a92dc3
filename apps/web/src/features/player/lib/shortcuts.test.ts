import { describe, expect, it } from 'vitest';
import { actionForKey, seekTarget, SPEEDS, stepSpeed } from './shortcuts';

const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey', boolean>> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});
const el = (html: string) => {
  document.body.innerHTML = html;
  return document.body.firstElementChild!;
};

describe('keyboard shortcuts', () => {
  it('answer the listed keys on the page body', () => {
    const body = document.body;
    expect(actionForKey(key(' '), body)).toEqual({ type: 'toggle' });
    expect(actionForKey(key('k'), body)).toEqual({ type: 'toggle' });
    expect(actionForKey(key('K'), body)).toEqual({ type: 'toggle' });
    expect(actionForKey(key('ArrowLeft'), body)).toEqual({ type: 'seek', by: -5 });
    expect(actionForKey(key('ArrowRight'), body)).toEqual({ type: 'seek', by: 5 });
    expect(actionForKey(key('j'), body)).toEqual({ type: 'seek', by: -10 });
    expect(actionForKey(key('L'), body)).toEqual({ type: 'seek', by: 10 });
    expect(actionForKey(key('ArrowUp'), body)).toEqual({ type: 'volume', by: 0.1 });
    expect(actionForKey(key('ArrowDown'), body)).toEqual({ type: 'volume', by: -0.1 });
    expect(actionForKey(key('m'), body)).toEqual({ type: 'mute' });
    expect(actionForKey(key('f'), body)).toEqual({ type: 'fullscreen' });
    expect(actionForKey(key('c'), body)).toEqual({ type: 'captions' });
    expect(actionForKey(key('>'), body)).toEqual({ type: 'speed', dir: 1 });
    expect(actionForKey(key('<'), body)).toEqual({ type: 'speed', dir: -1 });
    expect(actionForKey(key('?'), body)).toEqual({ type: 'help' });
    expect(actionForKey(key('x'), body)).toBeUndefined();
  });

  it('leave typing, browser shortcuts, sliders and buttons alone', () => {
    expect(actionForKey(key('k'), el('<input type="text">'))).toBeUndefined();
    expect(actionForKey(key(' '), el('<textarea></textarea>'))).toBeUndefined();
    expect(actionForKey(key('m'), el('<select><option>1</option></select>'))).toBeUndefined();
    expect(actionForKey(key('f'), el('<div contenteditable="true"></div>'))).toBeUndefined();
    expect(actionForKey(key('f', { ctrlKey: true }), document.body)).toBeUndefined();
    expect(actionForKey(key('l', { metaKey: true }), document.body)).toBeUndefined();
    const slider = el('<input type="range">');
    expect(actionForKey(key('ArrowLeft'), slider)).toBeUndefined();
    expect(actionForKey(key('ArrowUp'), slider)).toBeUndefined();
    expect(actionForKey(key('k'), slider)).toEqual({ type: 'toggle' });
    const button = el('<button><span>x</span></button>');
    expect(actionForKey(key(' '), button.firstElementChild)).toBeUndefined();
    expect(actionForKey(key('k'), button)).toEqual({ type: 'toggle' });
  });

  it('step the speed within 0.5x to 2x', () => {
    expect(SPEEDS).toEqual([0.5, 0.75, 1, 1.25, 1.5, 1.75, 2]);
    expect(stepSpeed(1, 1)).toBe(1.25);
    expect(stepSpeed(1, -1)).toBe(0.75);
    expect(stepSpeed(2, 1)).toBe(2);
    expect(stepSpeed(0.5, -1)).toBe(0.5);
    expect(stepSpeed(1.1, 1)).toBe(1.25); // not a step: from 1x
  });

  it('seek inside the video, short of its end', () => {
    expect(seekTarget(3, -5, 30)).toBe(0);
    expect(seekTarget(10, 10, 30)).toBe(20);
    expect(seekTarget(25, 10, 30)).toBeCloseTo(29.9);
    expect(seekTarget(25, 10, Number.NaN)).toBe(35);
  });
});

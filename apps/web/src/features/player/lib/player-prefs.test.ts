import { beforeEach, describe, expect, it } from 'vitest';
import { readPlayerPrefs, savePlayerPrefs } from './player-prefs';

describe('the player’s kept speed and captions', () => {
  beforeEach(() => localStorage.clear());

  it('are normal speed without captions until the learner chooses', () => {
    expect(readPlayerPrefs()).toEqual({ rate: 1, captions: false });
  });

  it('keep each choice, one without changing the other', () => {
    savePlayerPrefs({ rate: 1.5 });
    savePlayerPrefs({ captions: true });
    expect(readPlayerPrefs()).toEqual({ rate: 1.5, captions: true });
    expect(JSON.parse(localStorage.getItem('playerPrefs')!)).toEqual({ rate: 1.5, captions: true });
  });

  it('give the default for a speed the menu does not offer, or anything unreadable', () => {
    localStorage.setItem('playerPrefs', JSON.stringify({ rate: 16, captions: 'yes' }));
    expect(readPlayerPrefs()).toEqual({ rate: 1, captions: false });
    localStorage.setItem('playerPrefs', '{not json');
    expect(readPlayerPrefs()).toEqual({ rate: 1, captions: false });
  });
});

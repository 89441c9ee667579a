import { describe, expect, it } from 'vitest';
import { POINT_EVENT_REASONS, pointEventLabel } from './point-events';

describe('point event labels', () => {
  it('say every reason the server writes in French, never its code', () => {
    for (const reason of Object.values(POINT_EVENT_REASONS)) {
      const label = pointEventLabel(reason);
      expect(label).not.toBe(reason);
      expect(label).not.toMatch(/_/);
    }
    expect(pointEventLabel('reward_unlocked')).toBe('Récompense débloquée');
    expect(pointEventLabel(null)).toBe('Visite notée');
  });

  it('give an unknown code (an older or newer version’s) French words, not the code', () => {
    expect(pointEventLabel('some_future_reason')).toBe('Ajustement de points');
  });

  it('say them in English for an English owner (issue #53), an unknown code included', () => {
    expect(pointEventLabel(null, 'en')).toBe('Rated visit');
    expect(pointEventLabel('reward_unlocked', 'en')).toBe('Reward unlocked');
    expect(pointEventLabel('daily_cap_after_merge', 'en')).toBe('Daily cap (merged records)');
    expect(pointEventLabel('some_future_reason', 'en')).toBe('Points adjustment');
    for (const reason of Object.values(POINT_EVENT_REASONS)) expect(pointEventLabel(reason, 'en')).not.toBe(pointEventLabel(reason, 'fr'));
  });
});

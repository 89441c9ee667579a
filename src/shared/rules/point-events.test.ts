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
});

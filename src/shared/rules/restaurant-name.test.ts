import { describe, expect, it } from 'vitest';
import { atRestaurant } from './restaurant-name';

describe('atRestaurant', () => {
  it('puts "chez" before a plain name', () => {
    expect(atRestaurant('Le Bistrot')).toBe('chez Le Bistrot');
    expect(atRestaurant('Pizzeria Roma')).toBe('chez Pizzeria Roma');
  });

  it('does not double a preposition the name already has', () => {
    expect(atRestaurant('Chez Demo')).toBe('Chez Demo');
    expect(atRestaurant('chez paul')).toBe('chez paul');
    expect(atRestaurant('Au Bon Coin')).toBe('Au Bon Coin');
    expect(atRestaurant('Aux Trois Amis')).toBe('Aux Trois Amis');
    expect(atRestaurant('À la Bonne Franquette')).toBe('À la Bonne Franquette');
  });

  it('keeps names that merely start with those letters', () => {
    expect(atRestaurant('Chezalles')).toBe('chez Chezalles');
    expect(atRestaurant('Aurore')).toBe('chez Aurore');
  });
});

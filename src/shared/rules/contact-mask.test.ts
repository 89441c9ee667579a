import { describe, expect, it } from 'vitest';
import { counterFirstName, maskEmail, maskPhone } from './contact-mask';

describe('contact details masked for the counter (issue 50)', () => {
  it('shows the first character and the domain of an email', () => {
    expect(maskEmail('marie.dupont@gmail.com')).toBe('m•••@gmail.com');
    expect(maskEmail('é@exemple.fr')).toBe('é•••@exemple.fr');
    expect(maskEmail('pas-une-adresse')).toBe('•••');
  });
  it('shows the first two and the last two digits of a phone, however it was typed', () => {
    expect(maskPhone('06 12 34 56 78')).toBe('06 •• •• •• 78');
    expect(maskPhone('+33 6 12 34 56 78')).toBe('06 •• •• •• 78');
    expect(maskPhone('0612345678')).toBe('06 •• •• •• 78');
    expect(maskPhone('+44 20 7946 0958')).toBe('44 •• •• •• •• 58');
    expect(maskPhone('123')).toBe('•• ••');
    for (const phone of ['06 12 34 56 78', '+44 20 7946 0958']) expect(maskPhone(phone).replace(/\D/g, '')).toHaveLength(4);
  });
  it('names the diner by the first name only', () => {
    expect(counterFirstName('Camille', 'Roux')).toBe('Camille');
    expect(counterFirstName(null, 'roux')).toBe('R.');
    expect(counterFirstName(' ', null)).toBeNull();
  });
});

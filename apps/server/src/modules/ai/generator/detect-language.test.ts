import { describe, expect, it } from 'vitest';
import { detectLanguage } from './detect-language.ts';

describe('detectLanguage', () => {
  it('recognises the four supported languages and defaults to English', () => {
    expect(detectLanguage('Solicitud de reserva para el hotel: nombre y fecha de llegada')).toBe('es');
    expect(detectLanguage("Fiche d'inscription pour le tournoi avec votre nom et âge")).toBe('fr');
    expect(detectLanguage('Anmeldung für das Turnier mit Name und Alter')).toBe('de');
    expect(detectLanguage('Tournament signup with name and age')).toBe('en');
    expect(detectLanguage('xyz')).toBe('en');
  });
});

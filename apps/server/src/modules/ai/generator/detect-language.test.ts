import { describe, expect, it } from 'vitest';
import { detectLanguage } from './detect-language.ts';

describe('detectLanguage', () => {
  it('recognises the supported languages and defaults to English', () => {
    expect(detectLanguage('Solicitud de reserva para el hotel: nombre y fecha de llegada')).toBe('es');
    expect(detectLanguage("Fiche d'inscription pour le tournoi avec votre nom et âge")).toBe('fr');
    expect(detectLanguage('Anmeldung für das Turnier mit Name und Alter')).toBe('de');
    expect(detectLanguage('Tournament signup with name and age')).toBe('en');
    expect(detectLanguage('xyz')).toBe('en');
  });

  it('recognises Portuguese, Italian and Dutch', () => {
    expect(detectLanguage('Formulário de inscrição para o curso: nome, e-mail e telefone')).toBe('pt');
    expect(detectLanguage('Modulo di iscrizione al corso con nome, cognome e telefono')).toBe('it');
    expect(detectLanguage('Aanmeldformulier voor de workshop met naam, e-mail en opmerkingen')).toBe('nl');
  });
});

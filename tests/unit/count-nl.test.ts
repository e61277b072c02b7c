import { describe, expect, it } from 'vitest';
import { countNl, singularNl } from '../../src/shared/i18n/count';
import { adminNl } from '../../src/shared/i18n/admin';
import { filesNl } from '../../src/shared/i18n/admin-files';
import { reportsCheckNl } from '../../src/shared/i18n/admin-reports';
import { surveysNl } from '../../src/shared/i18n/surveys';
import { zknNl } from '../../src/shared/i18n/zkn';

describe('Dutch count sentences', () => {
  it('use the singular for one and the plural otherwise, never "(s)" or "(en)"', () => {
    expect(countNl(1, 'rapportage')).toBe('1 rapportage');
    expect(countNl(2, 'rapportage')).toBe('2 rapportages');
    expect(countNl(0, 'organisatie')).toBe('0 organisaties');
    expect(countNl(1500, 'gebruiker')).toBe('1.500 gebruikers');
    expect(singularNl('rapportages')).toBe('rapportage');
    expect(singularNl('projecten')).toBe('project');
    expect(singularNl('elementen')).toBe('element');
  });
  it('read right in every sentence that counts', () => {
    expect(adminNl.softDeletes.restoredAlert({ company: 1, user: 2, panel: 2 })).toBe('Hersteld: 1 organisatie, 2 gebruikers, 2 panels.');
    expect(adminNl.audit.shown(1)).toBe('1 regel getoond');
    expect(filesNl.total(1, '2 kB', 0)).toBe('1 bestand, samen 2 kB; 0 los.');
    expect(reportsCheckNl.checked(1, 1, 1, 1)).toBe('1 rapportage, 1 grafiek en 1 datalocatie gecontroleerd: 1 probleem.');
    expect(reportsCheckNl.checked(2, 3, 4, 0)).toBe('2 rapportages, 3 grafieken en 4 datalocaties gecontroleerd: geen problemen.');
    expect(zknNl.screens.shown(1, 1)).toBe('1 zorgaanbieder');
    expect(zknNl.file.more(1)).toBe('… en nog 1 regel met fouten.');
    expect(surveysNl.edit.generated(1)).toBe('1 token aangemaakt.');
    expect(surveysNl.edit.report(1, 1, 1, 0)).toMatch(/^1 regel: /);
    expect(surveysNl.import.newCodes(1)).toBe('1 deelnemer zonder code kreeg een nieuwe code.');
    expect(surveysNl.import.newCodes(3)).toBe('3 deelnemers zonder code kregen een nieuwe code.');
    expect(surveysNl.importScreen.archiveDone(1, 0, 1, 1)).toBe('Archief ingelezen: 1 respons, 1 token. 1 deelnemer zonder code kreeg een nieuwe code.');
    expect(surveysNl.importScreen.archiveDone(2, 0, 25, 0)).toBe('Archief ingelezen: 2 responsen, 25 tokens.');
    expect(surveysNl.edit.tokensReport(0, 0, 4, 0)).not.toMatch(/nieuwe code/);
    const sentences = [adminNl.audit.shown(2), filesNl.total(2, '1 MB', 1), zknNl.screens.shown(2, 3), zknNl.imported(2, 1), adminNl.audit.purged('Project', 'X', 2)];
    for (const s of sentences) expect(s).not.toMatch(/\((s|en)\)/);
  });
});

describe('several messages about one field', () => {
  it('are separate sentences, not a comma list', async () => {
    const { sentencesNl } = await import('../../src/shared/i18n/count');
    const { passwordProblems } = await import('../../src/shared/validation/password');
    expect(sentencesNl(passwordProblems('abc'))).toBe(
      'Het wachtwoord moet minimaal 12 karakters bevatten. Het wachtwoord moet minimaal één hoofdletter bevatten. Het wachtwoord moet minimaal één cijfer bevatten. Het wachtwoord moet minimaal één speciaal teken bevatten.',
    );
    expect(sentencesNl(['Kies een optie.'])).toBe('Kies een optie.');
  });
});

describe('file sizes in Dutch texts', () => {
  it("are written with a space, '64 MB', everywhere", async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    for (const dir of ['src/shared/i18n', 'src/shared/validation']) {
      for (const file of readdirSync(dir)) {
        const text = readFileSync(`${dir}/${file}`, 'utf8');
        expect(text.match(/\d(?:kB|MB|GB)\b/g), `${dir}/${file}`).toBeNull();
      }
    }
  });
});

import { describe, expect, it } from 'vitest';
import { limeAddressAllowed } from '../../src/server/services/lime/address';

describe('LimeSurvey address rule', () => {
  it('production: https to a public host only', () => {
    for (const url of ['https://enquete.example.nl/index.php/admin/remotecontrol', 'https://93.184.216.34/rc', 'https://[2001:db8::1]/rc']) expect(limeAddressAllowed(url, 'production'), url).toBe(true);
    for (const url of [
      'http://enquete.example.nl/rc',
      'http://localhost/rc',
      'http://127.0.0.1:8080/rc',
      'https://localhost/rc',
      'https://127.0.0.1/rc',
      'https://127.0.0.2/rc',
      'https://2130706433/rc',
      'https://0x7f.1/rc',
      'https://10.1.2.3/rc',
      'https://172.20.0.1/rc',
      'https://192.168.1.1/rc',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/rc',
      'https://0.0.0.0/rc',
      'https://[::1]/rc',
      'https://[::ffff:127.0.0.1]/rc',
      'https://[fd00::1]/rc',
      'https://[fe80::1]/rc',
      'https://api.localhost/rc',
      'https://user:pw@enquete.example.nl/rc',
      'ftp://enquete.example.nl/rc',
      'geen url',
    ])
      expect(limeAddressAllowed(url, 'production'), url).toBe(false);
  });

  it('development and test: also http(s) to localhost and 127.0.0.1, nothing else internal', () => {
    for (const env of ['development', 'test'] as const) {
      expect(limeAddressAllowed('http://127.0.0.1:4321/rc', env)).toBe(true);
      expect(limeAddressAllowed('http://localhost:4321/rc', env)).toBe(true);
      expect(limeAddressAllowed('http://127.0.0.2:4321/rc', env)).toBe(false);
      expect(limeAddressAllowed('http://enquete.example.nl/rc', env)).toBe(false);
      expect(limeAddressAllowed('https://10.0.0.1/rc', env)).toBe(false);
    }
  });
});

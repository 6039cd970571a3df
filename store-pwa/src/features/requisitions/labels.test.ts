import { describe, expect, it } from 'vitest';
import { PHOTOCHROMIC_LABEL } from '@optik/shared';
import { t } from '../../messages';

describe('requisition labels (issue 16)', () => {
  it('names the photochromic option as the shop does: "Fototrope glas"', () => {
    expect(PHOTOCHROMIC_LABEL).toBe('Fototrope glas');
    expect(t.requisitions.photochromic).toBe(PHOTOCHROMIC_LABEL);
  });
});

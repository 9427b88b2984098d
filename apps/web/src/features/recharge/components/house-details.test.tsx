// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { LANGS, type Lang, type RechargeChannel } from '@fairdraw/contract';
import th from '../../../locales/th.json';
import enTexts from '../../../locales/en.json';
import zhCn from '../../../locales/zh-cn.json';
import zhHk from '../../../locales/zh-hk.json';
import vi from '../../../locales/vi.json';
import pt from '../../../locales/pt.json';
import { renderWithApp } from '../../../test/render.tsx';
import { HouseDetails } from './house-details.tsx';

/** The part of a web catalogue this screen shows. */
type Catalogue = { recharge: Record<'payTo' | 'pixHowTo' | 'demoWarning' | 'demoPayee' | 'demoBank', string> };
const CATALOGUES: Record<Lang, Catalogue> = { th, en: enTexts, 'zh-cn': zhCn, 'zh-hk': zhHk, vi, pt };

/** The screen's texts in one language (the app's provider answers in English only). */
function texts(lang: Lang) {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: lang,
    lowerCaseLng: true,
    fallbackLng: false,
    resources: { [lang]: { translation: CATALOGUES[lang] } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return i18n;
}

const limits = { min: 10_000, max: 5_000_000, currency: 'THB', rate: null };
/** The seed's demo bank channel, as the API sends it in any language: placeholders as stored, marked demo. */
const DEMO_BANK: RechargeChannel = {
  id: 1,
  type: 'bank',
  name: 'Bank transfer (demo)',
  demo: true,
  ...limits,
  bank: { payee: 'DEMO ONLY - DO NOT PAY', account_number: '000-0-00000-0', bank: 'Demo Bank' },
  crypto: null,
};
const REAL_BANK: RechargeChannel = {
  ...DEMO_BANK,
  id: 7,
  name: 'KBank',
  demo: false,
  bank: { payee: 'Fairdraw Co., Ltd.', account_number: '123-4-56789-0', bank: 'Kasikornbank' },
};

function show(channel: RechargeChannel, lang: Lang) {
  renderWithApp(
    <I18nextProvider i18n={texts(lang)}>
      <HouseDetails channel={channel} />
    </I18nextProvider>,
  );
}

describe('HouseDetails', () => {
  it.each(LANGS)('%s: a demo bank channel warns, and its placeholder payee and bank read in the language', (lang) => {
    show(DEMO_BANK, lang);
    const { recharge } = CATALOGUES[lang];
    expect(screen.getByTestId('demo-warning').textContent).toBe(recharge.demoWarning);
    expect(screen.getByTestId('house-payee').textContent).toBe(recharge.demoPayee);
    expect(screen.getByTestId('house-bank').textContent).toBe(recharge.demoBank);
    expect(screen.getByTestId('house-account').textContent).toBe('000-0-00000-0');
    // Placeholders are not worth copying; the account number row keeps its button.
    const copies = within(screen.getByRole('region', { name: recharge.payTo })).getAllByRole('button');
    expect(copies).toHaveLength(1);
    if (lang !== 'en') {
      expect(recharge.demoWarning).not.toBe(enTexts.recharge.demoWarning);
      expect(recharge.demoPayee).not.toBe(enTexts.recharge.demoPayee);
    }
  });

  it.each(['th', 'zh-cn'] as const)(
    '%s: a real channel’s payee and bank are proper names, shown as they are',
    (lang) => {
      show(REAL_BANK, lang);
      expect(screen.queryByTestId('demo-warning')).toBeNull();
      expect(screen.getByTestId('house-payee').textContent).toBe('Fairdraw Co., Ltd.');
      expect(screen.getByTestId('house-bank').textContent).toBe('Kasikornbank');
      expect(screen.getAllByRole('button')).toHaveLength(3);
    },
  );

  it('a demo crypto channel warns too, above its network warning', () => {
    const crypto: RechargeChannel = {
      ...DEMO_BANK,
      type: 'crypto',
      bank: null,
      crypto: { coin: 'USDT-TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
    };
    show(crypto, 'vi');
    expect(screen.getByTestId('demo-warning').textContent).toBe(vi.recharge.demoWarning);
    expect(screen.getByTestId('crypto-address').textContent).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
  });

  it('a demo PIX channel warns too', () => {
    show({ ...DEMO_BANK, type: 'pix', bank: null }, 'pt');
    expect(screen.getByTestId('demo-warning').textContent).toBe(pt.recharge.demoWarning);
    expect(screen.getByText(pt.recharge.pixHowTo)).toBeTruthy();
  });
});

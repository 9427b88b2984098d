import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CashierPage } from '../../../components/cashier-page.tsx';
import { Tabs } from '../../../components/tabs.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useSubmit } from '../../../lib/use-submit.ts';
import { useAddPayout } from '../api/add-payout.ts';
import { PayoutForm } from '../components/payout-form.tsx';
import { PayoutList } from '../components/payout-list.tsx';
import { PATHS } from '../../../app/routes.ts';

type Tab = 'bank' | 'pix';

/** /cards: bank cards, and PIX keys in a second tab (list + add form). */
export function CardsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'pix' ? 'pix' : 'bank';
  return (
    <CashierPage title={t('page.cards')}>
      <Tabs
        label={t('page.cards')}
        value={tab}
        onChange={(k) => setParams(k === 'pix' ? { tab: 'pix' } : {}, { replace: true })}
        items={[
          { key: 'bank', label: t('payout.bankTab'), testId: 'tab-bank' },
          { key: 'pix', label: t('payout.pixTab'), testId: 'tab-pix' },
        ]}
      />
      {tab === 'bank' ? (
        <PayoutList
          type="bank"
          empty={t('payout.noCards')}
          add={
            <Link to={PATHS.bindBank} className="btn btn--primary btn--block" data-testid="add-bank">
              {t('page.bindBank')}
            </Link>
          }
        />
      ) : (
        <>
          <PayoutList type="pix" empty={t('payout.noPix')} add={null} />
          <AddPix />
        </>
      )}
    </CashierPage>
  );
}

function AddPix() {
  const { t } = useTranslation();
  const [key, setKey] = useState('');
  const [password, setPassword] = useState('');
  const add = useAddPayout();
  const { setError, busy, run, fieldError, formError } = useSubmit();
  return (
    <section className="section">
      <h2 className="section__title">{t('payout.addPix')}</h2>
      <PayoutForm
        password={password}
        onPassword={setPassword}
        passwordError={fieldError('password')}
        formError={formError(['key', 'password'])}
        busy={busy}
        onSubmit={() => {
          if (!key.trim() || !password) return setError({ text: t('errors:REQUIRED_FIELDS') });
          void run(
            () => add.mutateAsync({ type: 'pix', key: key.trim(), password }),
            () => {
              setKey('');
              setPassword('');
            },
          );
        }}
      >
        <TextField
          label={t('payout.pixKey')}
          hint={t('payout.pixKeyHint')}
          name="key"
          autoCapitalize="none"
          spellCheck={false}
          value={key}
          onValue={setKey}
          invalid={!!fieldError('key')}
          error={fieldError('key')}
          testId="pix-key"
        />
      </PayoutForm>
    </section>
  );
}

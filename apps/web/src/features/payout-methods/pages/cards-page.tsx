import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CashierPage } from '../../../components/cashier-page.tsx';
import { FrozenNotice } from '../../../components/frozen-notice.tsx';
import { Tabs } from '../../../components/tabs.tsx';
import { FormTextField } from '../../../components/form-fields.tsx';
import { PayoutForm } from '../components/payout-form.tsx';
import { PayoutList } from '../components/payout-list.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { PIX_FIELDS, pixSchema, type PixValues } from '../lib/payout-schema.ts';
import { usePayoutForm } from '../lib/use-payout-form.ts';

type Tab = 'bank' | 'pix';

/** /cards: bank cards, and PIX keys in a second tab (list + add form). */
export function CardsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'pix' ? 'pix' : 'bank';
  return (
    <CashierPage title={t('page.cards')}>
      <FrozenNotice testId="payout-frozen" />
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

const EMPTY_PIX: PixValues = { key: '', password: '' };

function AddPix() {
  const { t } = useTranslation();
  const { form, onSubmit } = usePayoutForm(pixSchema, EMPTY_PIX, PIX_FIELDS, (done) => done.reset(EMPTY_PIX));
  const { errors, isSubmitting } = form.formState;
  return (
    <section className="section">
      <h2 className="section__title">{t('payout.addPix')}</h2>
      <PayoutForm
        control={form.control}
        formError={errors.root?.server}
        busy={isSubmitting}
        onSubmit={(e) => void onSubmit(e)}
      >
        <FormTextField
          control={form.control}
          name="key"
          label={t('payout.pixKey')}
          hint={t('payout.pixKeyHint')}
          autoCapitalize="none"
          spellCheck={false}
          testId="pix-key"
        />
      </PayoutForm>
    </section>
  );
}

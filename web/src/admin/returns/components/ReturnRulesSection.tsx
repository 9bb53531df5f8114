import { useEffect, useState } from 'react';
import { Button, Checkbox, Input, Label } from '@/components/ui';
import { FormProblem, Section } from '../../settings/components/Section';
import { useReturnRules, useSaveReturnRules } from '../api';

/** The store's return window (days after delivery) and whether exchanges are offered, as `store returns rules` sets them. */
export function ReturnRulesSection() {
  const rules = useReturnRules();
  const save = useSaveReturnRules();
  const [days, setDays] = useState('7');
  const [exchanges, setExchanges] = useState(true);
  useEffect(() => {
    if (rules.data) {
      setDays(String(rules.data.windowDays));
      setExchanges(rules.data.exchanges);
    }
  }, [rules.data]);
  return (
    <Section id="returns-settings" title="Returns">
      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ windowDays: Number(days), exchanges });
        }}
      >
        <div className="space-y-1.5">
          <Label htmlFor="return-window">Days after delivery a return may be asked</Label>
          <Input
            id="return-window"
            inputMode="numeric"
            className="max-w-32"
            value={days}
            onChange={(event) => setDays(event.target.value)}
          />
        </div>
        <div className="flex items-center gap-2 text-sm">
          <Checkbox
            id="return-exchanges"
            checked={exchanges}
            onChange={(event) => setExchanges(event.target.checked)}
          />
          <Label htmlFor="return-exchanges">Offer exchanges (another size or colour)</Label>
        </div>
        <FormProblem message={save.error?.message ?? null} />
        {save.isSuccess ? <p role="status">Saved.</p> : null}
        <Button type="submit" disabled={save.isPending}>
          Save return rules
        </Button>
      </form>
    </Section>
  );
}

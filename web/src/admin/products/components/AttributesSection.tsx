import { useFieldArray } from 'react-hook-form';
import { CirclePlus, Trash } from '@/components/icons';
import { Button, FormField, Input } from '@/components/ui';
import { messageIn, type ProductFormApi } from './product-form-fields';

/** The product's attributes (specifications), a row each; Size and Colours are what the shopper chooses from. */
export function AttributesSection({ form }: { form: ProductFormApi }) {
  const { errors } = form.formState;
  const attributes = useFieldArray({ control: form.control, name: 'attributes' });
  return (
    <section aria-labelledby="product-attributes" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="product-attributes" className="text-lg font-semibold text-slate-900">
        Attributes
      </h2>
      <p className="text-sm text-slate-600">
        The shopper chooses a size from an attribute named Size, and a colour from one named Colours. Values are
        separated by commas: S, M, L.
      </p>
      {attributes.fields.length === 0 ? <p className="text-sm text-slate-600">No attributes.</p> : null}
      <ol className="space-y-3">
        {attributes.fields.map((field, index) => {
          const rowErrors = errors.attributes?.[index];
          const number = index + 1;
          return (
            <li
              key={field.id}
              className="grid gap-2 rounded-lg bg-slate-50 p-3 sm:grid-cols-[1fr_2fr_6rem_auto] sm:items-start"
            >
              <FormField
                label={`Name ${number}`}
                htmlFor={`attribute-${field.id}-key`}
                error={messageIn(rowErrors?.key)}
              >
                <Input id={`attribute-${field.id}-key`} {...form.register(`attributes.${index}.key`)} />
              </FormField>
              <FormField
                label={`Values ${number}`}
                htmlFor={`attribute-${field.id}-value`}
                error={messageIn(rowErrors?.value)}
              >
                <Input id={`attribute-${field.id}-value`} {...form.register(`attributes.${index}.value`)} />
              </FormField>
              <FormField
                label={`Unit ${number}`}
                htmlFor={`attribute-${field.id}-unit`}
                error={messageIn(rowErrors?.metricUnit)}
              >
                <Input id={`attribute-${field.id}-unit`} {...form.register(`attributes.${index}.metricUnit`)} />
              </FormField>
              <Button
                variant="ghost"
                className="text-red-700 sm:mt-6"
                aria-label={`Remove attribute ${number}`}
                onClick={() => attributes.remove(index)}
              >
                <Trash aria-hidden="true" className="h-4 w-4" />
                <span className="sm:sr-only">Remove</span>
              </Button>
            </li>
          );
        })}
      </ol>
      {messageIn(errors.attributes?.root ?? (errors.attributes as { message?: string } | undefined)) ? (
        <p role="alert" className="text-sm text-red-600">
          {messageIn(errors.attributes?.root ?? (errors.attributes as { message?: string } | undefined))}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => attributes.append({ key: '', value: '', metricUnit: '' })}>
          <CirclePlus aria-hidden="true" className="h-4 w-4" />
          Add attribute
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => attributes.append({ key: 'Size', value: '', metricUnit: '' })}
        >
          <CirclePlus aria-hidden="true" className="h-4 w-4" />
          Add sizes
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => attributes.append({ key: 'Colours', value: '', metricUnit: '' })}
        >
          <CirclePlus aria-hidden="true" className="h-4 w-4" />
          Add colours
        </Button>
      </div>
    </section>
  );
}

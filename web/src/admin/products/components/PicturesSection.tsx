import { type ChangeEvent, useId, useState } from 'react';
import { type FieldErrors, useFieldArray } from 'react-hook-form';
import { ArrowUpToLine, ImagePlus, Trash } from '@/components/icons';
import { Button, Input, Label } from '@/components/ui';
import { isAdminApiError } from '../../lib/api-client';
import { useUploadPicture } from '../api';
import { type ProductFormValues, pictureProblem } from '../product-form';
import { messageIn, type ProductFormApi } from './product-form-fields';

/** The pictures: uploaded one at a time, checked in the browser first; the first is the main picture. */
export function PicturesSection({ form, errors }: { form: ProductFormApi; errors: FieldErrors<ProductFormValues> }) {
  const pictures = useFieldArray({ control: form.control, name: 'images', keyName: 'key' });
  const upload = useUploadPicture();
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    setProblem(null);
    if (!file) return;
    const refused = pictureProblem(file);
    if (refused) {
      setProblem(refused);
      return;
    }
    try {
      const picture = await upload.mutateAsync(file);
      pictures.append({ url: picture.url, width: picture.width, height: picture.height });
    } catch (error) {
      if (!isAdminApiError(error)) throw error;
      if (error.status !== 401) setProblem(error.message);
    }
  };

  const listProblem = messageIn(errors.images);
  return (
    <section aria-labelledby="product-pictures" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="product-pictures" className="text-lg font-semibold text-slate-900">
        Pictures
      </h2>
      <p className="text-sm text-slate-600">The first picture is the main one. PNG, JPEG, WebP or AVIF, up to 5 MB.</p>
      {pictures.fields.length === 0 ? <p className="text-sm text-slate-600">No pictures.</p> : null}
      <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {pictures.fields.map((picture, index) => (
          <li key={picture.key} className="space-y-2 rounded-lg border border-slate-200 p-2">
            <img
              src={picture.url}
              alt={`Number ${index + 1}${index === 0 ? ', the main one' : ''}`}
              width={picture.width}
              height={picture.height}
              className="aspect-square w-full rounded bg-slate-100 object-contain"
            />
            <p className="text-xs text-slate-600">
              {index === 0 ? 'Main · ' : ''}
              {picture.width} × {picture.height}
            </p>
            <div className="flex flex-wrap gap-1">
              {index > 0 ? (
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Make picture ${index + 1} the main picture`}
                  onClick={() => pictures.move(index, 0)}
                >
                  <ArrowUpToLine aria-hidden="true" className="h-4 w-4" />
                  First
                </Button>
              ) : null}
              <Button
                variant="ghost"
                size="sm"
                className="text-red-700"
                aria-label={`Remove picture ${index + 1}`}
                onClick={() => pictures.remove(index)}
              >
                <Trash aria-hidden="true" className="h-4 w-4" />
                Remove
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <div className="space-y-1.5">
        <Label htmlFor={inputId} className="inline-flex items-center gap-2">
          <ImagePlus aria-hidden="true" className="h-4 w-4" />
          Add a picture
        </Label>
        <Input
          id={inputId}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/avif"
          className="py-2"
          disabled={upload.isPending}
          onChange={choose}
          aria-describedby={problem ? `${inputId}-problem` : undefined}
        />
        {upload.isPending ? <p className="text-sm text-slate-600">Uploading…</p> : null}
        {problem || listProblem ? (
          <p id={`${inputId}-problem`} role="alert" className="text-sm text-red-600">
            {problem ?? listProblem}
          </p>
        ) : null}
      </div>
    </section>
  );
}

import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Label } from './Label';

export interface FormFieldProps {
  label: ReactNode;
  htmlFor: string;
  error?: string;
  description?: ReactNode;
  required?: boolean;
  className?: string;
  children: ReactNode;
}

type ControlProps = { 'aria-describedby'?: string; 'aria-invalid'?: boolean | 'true' | 'false'; id?: string };

/** A label, its control, an optional description and the error text, wired together for assistive technology. */
export function FormField({ label, htmlFor, error, description, required, className, children }: FormFieldProps) {
  const descriptionId = description ? `${htmlFor}-description` : undefined;
  const errorId = error ? `${htmlFor}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined;

  const only = Children.count(children) === 1 ? Children.only(children) : null;
  const control =
    only && isValidElement<ControlProps>(only)
      ? cloneElement(only as ReactElement<ControlProps>, {
          'aria-describedby': [only.props['aria-describedby'], describedBy].filter(Boolean).join(' ') || undefined,
          'aria-invalid': error ? true : only.props['aria-invalid'],
        })
      : children;

  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={htmlFor}>
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-red-600">
            *
          </span>
        ) : null}
      </Label>
      {control}
      {description ? (
        <p id={descriptionId} className="text-xs text-slate-500">
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

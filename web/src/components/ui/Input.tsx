import { forwardRef, type InputHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/** A text field's classes (the stylesheet's components layer), shared by the select and the text area. */
export const controlClasses = 'field';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className, type = 'text', ...props },
  ref,
) {
  return <input ref={ref} type={type} className={cn(controlClasses, 'field-line', className)} {...props} />;
});

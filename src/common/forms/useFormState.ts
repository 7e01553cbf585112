// The small form state of the sign-in, MFA, password-reset and registration screens: values,
// touched fields and errors, with Formik's timing (errors shown once a field is touched; every
// field touched on submit; validation on change and blur unless turned off). It replaces Formik
// and Yup there so the sign-in page stays light (docs/decisions.md, "Route-split store").
import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';

export type FormErrors<V> = Partial<Record<keyof V, string>>;

export interface FormStateOptions<V> {
  initialValues: V;
  /** Every field's first error, already localized; a field without an error is left out. */
  validate: (values: V) => FormErrors<V>;
  onSubmit: (values: V, helpers: { resetForm: () => void }) => void;
  validateOnChange?: boolean;
  validateOnBlur?: boolean;
}

/** What an input takes to be driven by the form (Formik's getFieldProps has the same shape). */
export interface FieldProps {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onBlur: () => void;
}

export interface FormState<V> {
  values: V;
  errors: FormErrors<V>;
  touched: Partial<Record<keyof V, boolean>>;
  /** The field's error once it has been touched. */
  shownError: (name: keyof V) => string | undefined;
  getFieldProps: (name: keyof V & string) => FieldProps;
  checkboxProps: (name: keyof V & string) => { name: string; checked: boolean; onChange: (event: ChangeEvent<HTMLInputElement>) => void };
  setFieldValue: (name: keyof V, value: V[keyof V], shouldValidate?: boolean) => void;
  setFieldTouched: (name: keyof V) => void;
  handleSubmit: (event?: FormEvent) => void;
  resetForm: () => void;
}

export function useFormState<V extends object>({ initialValues, validate, onSubmit, validateOnChange = true, validateOnBlur = true }: FormStateOptions<V>): FormState<V> {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FormErrors<V>>({});
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  // The latest options and values for the stable callbacks below (setFieldValue sits in effects' deps).
  const latest = useRef({ values, validate, onSubmit, validateOnChange, validateOnBlur, initialValues });
  latest.current = { values, validate, onSubmit, validateOnChange, validateOnBlur, initialValues };

  const setFieldValue = useCallback((name: keyof V, value: V[keyof V], shouldValidate?: boolean): void => {
    const next = { ...latest.current.values, [name]: value };
    latest.current.values = next;
    setValues(next);
    if (shouldValidate ?? latest.current.validateOnChange) setErrors(latest.current.validate(next));
  }, []);
  const setFieldTouched = useCallback((name: keyof V): void => {
    setTouched((current) => ({ ...current, [name]: true }));
    if (latest.current.validateOnBlur) setErrors(latest.current.validate(latest.current.values));
  }, []);
  const resetForm = useCallback((): void => {
    latest.current.values = latest.current.initialValues;
    setValues(latest.current.initialValues);
    setErrors({});
    setTouched({});
  }, []);
  const handleSubmit = (event?: FormEvent): void => {
    event?.preventDefault();
    const current = latest.current.values;
    setTouched(Object.fromEntries(Object.keys(current).map((key) => [key, true])) as Partial<Record<keyof V, boolean>>);
    const found = validate(current);
    setErrors(found);
    if (!Object.values(found).some((error) => error !== undefined)) onSubmit(current, { resetForm });
  };

  return {
    values,
    errors,
    touched,
    shownError: (name) => (touched[name] ? errors[name] : undefined),
    getFieldProps: (name) => ({
      name,
      value: String(values[name] ?? ''),
      onChange: (event) => setFieldValue(name, event.currentTarget.value as V[keyof V]),
      onBlur: () => setFieldTouched(name),
    }),
    checkboxProps: (name) => ({
      name,
      checked: Boolean(values[name]),
      onChange: (event) => setFieldValue(name, event.currentTarget.checked as V[keyof V]),
    }),
    setFieldValue,
    setFieldTouched,
    handleSubmit,
    resetForm,
  };
}

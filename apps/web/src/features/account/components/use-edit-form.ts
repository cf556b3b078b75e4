import { useEffect } from 'react';
import { useForm, type DefaultValues, type FieldPath, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';

/**
 * The form of an edit view of My Details (spec 000 §5): each field is checked when it is left, and
 * when the view opens inline the claimant is put in `focus` (false: app mode's page, or back from
 * an access code, where the page places focus itself).
 */
export function useEditForm<T extends FieldValues>(options: { resolver: Resolver<T>; defaultValues: DefaultValues<T>; focus: FieldPath<T> | false }): UseFormReturn<T> {
  const form = useForm<T>({ resolver: options.resolver, mode: 'onTouched', defaultValues: options.defaultValues });
  const { setFocus } = form;
  const { focus } = options;
  useEffect(() => {
    if (focus) setFocus(focus);
  }, [focus, setFocus]);
  return form;
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/toast';
import { GroupSwatch } from '@/entities/screen-group/group-swatch';
import {
  DEFAULT_GROUP_COLOUR,
  GROUP_DESCRIPTION_MAX,
  GROUP_NAME_MAX,
  ScreenGroupError,
  screenGroupSchema,
  useCreateScreenGroup,
  useUpdateScreenGroup,
  type ScreenGroupInput,
  type ScreenGroupValues,
} from '@/entities/screen-group/screen-group-mutations';
import type { ScreenGroup } from '@/entities/screen-group/screen-groups';

const HEX = /^#[0-9a-f]{6}$/i;

function valuesOf(group: ScreenGroup | undefined): ScreenGroupInput {
  return {
    name: group?.name ?? '',
    colour: group?.colour ?? DEFAULT_GROUP_COLOUR,
    description: group?.description ?? '',
  };
}

export interface GroupFormDialogProps {
  /** The group to edit; none to create one. */
  group?: ScreenGroup;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Creates or edits a group. A refusal one field can fix (a taken name) shows at that field; edits stay. */
export function GroupFormDialog({ group, open, onOpenChange }: GroupFormDialogProps) {
  const { t } = useTranslation(['groups', 'common']);
  const create = useCreateScreenGroup();
  const update = useUpdateScreenGroup();
  const mutation = group ? update : create;
  const toast = useToast();
  const form = useForm<ScreenGroupInput, unknown, ScreenGroupValues>({
    resolver: zodResolver(screenGroupSchema),
    defaultValues: valuesOf(group),
  });
  const { errors } = form.formState;
  const colour = useWatch({ control: form.control, name: 'colour' });

  useEffect(() => {
    if (open) {
      form.reset(valuesOf(group));
      create.reset();
      update.reset();
    }
    // Only when the dialog opens: edits stay while it is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const onSubmit = form.handleSubmit((values) => {
    const onSuccess = () => {
      toast({
        tone: 'success',
        title: group ? t('form.saved', { name: values.name }) : t('form.created', { name: values.name }),
      });
      onOpenChange(false);
    };
    const onError = (error: Error) => {
      if (error instanceof ScreenGroupError && error.field)
        form.setError(error.field, { message: error.message }, { shouldFocus: true });
    };
    if (group) update.mutate({ id: group.id, values }, { onSuccess, onError });
    else create.mutate(values, { onSuccess, onError });
  });

  // A refusal that no field explains is shown above the buttons.
  const generalError =
    mutation.error && !(mutation.error instanceof ScreenGroupError && mutation.error.field) ? mutation.error : null;

  return (
    <Dialog open={open} onOpenChange={(next) => !mutation.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{group ? t('form.editTitle', { name: group.name }) : t('form.newTitle')}</DialogTitle>
          <DialogDescription>{t('form.description')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
          <Field label={t('form.name.label')} error={errors.name?.message} hint={t('form.name.hint')}>
            {(c) => <Input {...c} maxLength={GROUP_NAME_MAX} autoComplete="off" {...form.register('name')} />}
          </Field>
          <Field label={t('form.colour.label')} error={errors.colour?.message} hint={t('form.colour.hint')}>
            {(c) => (
              <div className="flex items-center gap-2">
                <Input {...c} className="font-mono" maxLength={7} autoComplete="off" {...form.register('colour')} />
                <input
                  type="color"
                  aria-label={t('form.colour.pick')}
                  className="h-10 w-12 shrink-0 cursor-pointer rounded-md border border-gray-300 bg-white p-1"
                  value={HEX.test(colour) ? colour.toLowerCase() : DEFAULT_GROUP_COLOUR}
                  onChange={(event) =>
                    form.setValue('colour', event.target.value, { shouldDirty: true, shouldValidate: true })
                  }
                />
                <GroupSwatch colour={HEX.test(colour) ? colour : null} className="size-5" />
              </div>
            )}
          </Field>
          <Field
            label={t('form.descriptionField.label')}
            error={errors.description?.message}
            hint={t('form.descriptionField.hint', { max: GROUP_DESCRIPTION_MAX })}
          >
            {(c) => <Textarea {...c} {...form.register('description')} />}
          </Field>
          {generalError && <Alert tone="danger">{generalError.message}</Alert>}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={mutation.isPending}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" isLoading={mutation.isPending}>
              {group ? t('common:actions.save') : t('form.create')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

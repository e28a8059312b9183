import * as Tabs from "@radix-ui/react-tabs";
import { TabBar } from "../../../components/tab-bar.tsx";
import { useId, useState, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { ASSISTANT_LIMITS, VOICES, assistantConfigSchema, type AssistantConfig } from "../../../../contract/assistants.ts";
import { DEFAULT_INSTRUCTIONS } from "../../../../contract/assistant-instructions.ts";
import { ASSISTANT_MODELS } from "../../../../contract/models.ts";
import { Button } from "../../../components/button.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { Field } from "../../../components/form-field.tsx";
import { CLOSE_ICON, IconButton, TRASH_ICON } from "../../../components/icon-button.tsx";
import { useToast } from "../../../components/toast/toast-context.ts";
import { useLanguage } from "../../../i18n/language-context.ts";
import { errorDetail } from "../../../lib/api-client.ts";
import { checkWith, useDashboardForm } from "../../../lib/forms/use-dashboard-form.ts";
import { useCallCosts } from "../../../lib/money.ts";
import { useDeleteAssistant, useSaveAssistant } from "../../../lib/salon-data/assistants.ts";
import { TABS, tabOf, toBody, toDraft, type AssistantDraft, type Tab } from "../assistant-draft.ts";
import { RangeField } from "./range-field.tsx";
import { TestCallButton, TestCallPanel, useTestCall } from "./test-call.tsx";
import { voiceLabel } from "./voice-label.ts";
import { useModelOffers } from "../api/models.ts";

// Response style is the speech model's temperature; each step of 0.1 has a name.
const STYLES = ["precise", "balanced", "natural", "expressive", "creative"] as const;
const { temperature, threshold, prefixPaddingMs, silenceDurationMs } = ASSISTANT_LIMITS;
const styleOf = (value: number) => STYLES[Math.round((value - temperature.min) / temperature.step)] ?? "balanced";

interface AssistantEditorProps {
  /** The saved assistant; none for the new one. */
  config: AssistantConfig | undefined;
  draft: AssistantDraft;
  onChange: (draft: AssistantDraft) => void;
  onSaved: (config: AssistantConfig) => void;
  /** Drops the edits (and a new assistant with them). */
  onCancel: () => void;
  onDeleted: () => void;
}

/** The chosen assistant: Test Call, delete, cancel and Save changes above the Basic Info, Behavior and Voice Detection tabs. */
export function AssistantEditor({ config, draft, onChange, onSaved, onCancel, onDeleted }: AssistantEditorProps) {
  const intl = useIntl();
  const toast = useToast();
  const { language } = useLanguage();
  const save = useSaveAssistant();
  const remove = useDeleteAssistant();
  const titleId = useId();
  const [tab, setTab] = useState<Tab>("basic");
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const testCall = useTestCall(config);
  const offers = useModelOffers();
  const costs = useCallCosts();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);

  const form = useDashboardForm({
    loaded: config && toDraft(config),
    draft,
    onDraftChange: onChange,
    // The spec: Save only with unsaved changes, or for a new assistant once it has a name.
    canSave: (edited, dirty) => dirty && (config !== undefined || edited.name.trim() !== ""),
    check: (edited) => checkWith(assistantConfigSchema, toBody(edited), intl),
    save: (body) => save.mutateAsync({ id: config?.id, body }),
    savedText: t(config ? "assistants.toast.updated" : "assistants.toast.created"),
    failedText: (error) => t("assistants.toast.saveFailed", { detail: errorDetail(error, t("assistants.error.unreachable")) }),
    onSaved,
    // The tab of the first message opens, so the field that needs attention is on screen.
    onRefused: (errors) => {
      const first = Object.keys(errors)[0];
      if (first) setTab(tabOf(first));
    },
  });
  const { errors, change: set } = form;
  const title = draft.name.trim() || config?.name || t("assistants.defaultName");

  const deleteAssistant = async () => {
    try {
      await remove.mutateAsync(config!.id);
    } catch (error) {
      toast.show("error", t("assistants.toast.deleteFailed", { detail: errorDetail(error, t("assistants.error.unreachable")) }));
      throw error;
    }
    toast.show("success", t("assistants.toast.deleted"));
    onDeleted();
  };

  const panels: Record<Tab, ReactNode> = {
    basic: (
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t("assistants.basic.name")} hint={t("assistants.basic.nameHint")} error={errors.name} required>
          {(control) => (
            <input
              {...control}
              type="text"
              autoComplete="off"
              maxLength={ASSISTANT_LIMITS.nameLength}
              value={draft.name}
              onChange={(event) => set({ name: event.target.value }, "name")}
            />
          )}
        </Field>
        <Field label={t("assistants.basic.voice")} hint={t("assistants.basic.voiceHint")} error={errors.voice_name}>
          {(control) => (
            <select {...control} value={draft.voice_name} onChange={(event) => set({ voice_name: event.target.value as AssistantDraft["voice_name"] }, "voice_name")}>
              {VOICES.map((voice) => (
                <option key={voice} value={voice}>
                  {voiceLabel(voice)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t("assistants.basic.model")} hint={t("assistants.basic.modelHint")} error={errors.model}>
          {(control) => (
            <select {...control} value={draft.model} onChange={(event) => set({ model: event.target.value as AssistantDraft["model"] }, "model")}>
              {ASSISTANT_MODELS.map((model) => {
                const offer = offers.data?.find((entry) => entry.model === model);
                return (
                  <option key={model} value={model}>
                    {offer && costs ? t(`assistants.basic.model.${offer.tier}`, { model, price: costs.cost(offer.eur_per_minute) }) : model}
                  </option>
                );
              })}
            </select>
          )}
        </Field>
      </div>
    ),
    behavior: (
      <div className="space-y-6">
        <div>
          <Field
            label={t("assistants.behavior.instructions")}
            hint={t("assistants.behavior.instructionsHint", { example: "{{salon_name}}" })}
            error={errors.system_prompt}
            required
          >
            {(control) => (
              <textarea
                {...control}
                rows={14}
                maxLength={ASSISTANT_LIMITS.instructionsLength}
                value={draft.system_prompt}
                onChange={(event) => set({ system_prompt: event.target.value }, "system_prompt")}
                className={`${control.className} text-sm leading-relaxed`}
              />
            )}
          </Field>
          <Button variant="secondary" size="sm" onClick={() => set({ system_prompt: DEFAULT_INSTRUCTIONS[language] }, "system_prompt")} className="mt-2">
            <FormattedMessage id="assistants.behavior.useDefault" />
          </Button>
        </div>
        <Field label={t("assistants.behavior.greeting")} hint={t("assistants.behavior.greetingHint")} error={errors.initial_greeting} required>
          {(control) => (
            <input
              {...control}
              type="text"
              maxLength={ASSISTANT_LIMITS.greetingLength}
              value={draft.initial_greeting}
              onChange={(event) => set({ initial_greeting: event.target.value }, "initial_greeting")}
            />
          )}
        </Field>
        <RangeField
          label={t("assistants.behavior.style")}
          hint={t("assistants.behavior.styleHint")}
          value={draft.temperature}
          min={temperature.min}
          max={temperature.max}
          step={temperature.step}
          valueText={t(`assistants.style.${styleOf(draft.temperature)}`)}
          ends={[t("assistants.style.precise"), t("assistants.style.creative")]}
          error={errors.temperature}
          onChange={(value) => set({ temperature: value }, "temperature")}
        />
      </div>
    ),
    voice: (
      <div className="grid gap-6 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <RangeField
            label={t("assistants.voice.threshold")}
            hint={t("assistants.voice.thresholdHint")}
            value={draft.threshold}
            min={threshold.min}
            max={threshold.max}
            step={threshold.step}
            valueText={intl.formatNumber(draft.threshold, { minimumFractionDigits: 1 })}
            error={errors["vad_settings.threshold"]}
            onChange={(value) => set({ threshold: value }, "vad_settings.threshold")}
          />
        </div>
        <Field label={t("assistants.voice.prefixPadding")} hint={t("assistants.voice.prefixPaddingHint")} error={errors["vad_settings.prefix_padding_ms"]}>
          {(control) => (
            <input
              {...control}
              type="number"
              inputMode="numeric"
              min={prefixPaddingMs.min}
              max={prefixPaddingMs.max}
              step={10}
              value={draft.prefix_padding_ms}
              onChange={(event) => set({ prefix_padding_ms: event.target.value }, "vad_settings.prefix_padding_ms")}
            />
          )}
        </Field>
        <Field label={t("assistants.voice.silenceDuration")} hint={t("assistants.voice.silenceDurationHint")} error={errors["vad_settings.silence_duration_ms"]}>
          {(control) => (
            <input
              {...control}
              type="number"
              inputMode="numeric"
              min={silenceDurationMs.min}
              max={silenceDurationMs.max}
              step={10}
              value={draft.silence_duration_ms}
              onChange={(event) => set({ silence_duration_ms: event.target.value }, "vad_settings.silence_duration_ms")}
            />
          )}
        </Field>
      </div>
    ),
  };

  return (
    <form {...form.formProps} aria-labelledby={titleId} className="min-w-0 rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 sm:px-6">
        <h2 id={titleId} className="min-w-0 text-lg font-semibold [overflow-wrap:anywhere] text-slate-900">
          {title}
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <TestCallButton phase={testCall.phase} onClick={() => void testCall.toggle()} />
          {config && (
            <IconButton label={t("assistants.editor.delete")} tone="danger" onClick={() => setConfirmingDelete(true)}>
              {TRASH_ICON}
            </IconButton>
          )}
          {form.dirty && (
            <IconButton label={t(config ? "assistants.editor.discard" : "assistants.editor.cancelNew")} onClick={onCancel}>
              {CLOSE_ICON}
            </IconButton>
          )}
          <Button type="submit" busy={form.busy} disabled={!form.canSave}>
            <FormattedMessage id={form.busy ? "assistants.editor.saving" : "assistants.editor.save"} />
          </Button>
        </div>
      </div>
      {config && <TestCallPanel phase={testCall.phase} lines={testCall.lines} assistantName={config.name} />}
      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <TabBar tabs={TABS} label={t("assistants.tabs.label")} title={(value) => <FormattedMessage id={`assistants.tabs.${value}`} />} className="px-2 sm:px-4" />
        {TABS.map((value) => (
          // Every panel stays mounted, so a refused save can focus its field in the same render that opens its tab.
          <Tabs.Content
            key={value}
            value={value}
            forceMount
            className="px-4 py-5 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 data-[state=inactive]:hidden sm:px-6"
          >
            {panels[value]}
          </Tabs.Content>
        ))}
      </Tabs.Root>
      {config && (
        <ConfirmDialog
          open={confirmingDelete}
          title={t("assistants.delete.title", { name: config.name })}
          message={t(config.phone_connection ? "assistants.delete.connectedMessage" : "assistants.delete.message")}
          confirmLabel={t("common.delete")}
          busyLabel={t("common.deleting")}
          onConfirm={deleteAssistant}
          onClose={() => setConfirmingDelete(false)}
        />
      )}
    </form>
  );
}

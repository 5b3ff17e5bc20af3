import { getFormProps, getInputProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { CsrfInput } from "~/components/forms/csrf-input";
import { FieldErrors, FieldLabel, FormErrors, SelectField, TextAreaField, TextField } from "~/components/forms/fields";
import { Button, buttonClasses } from "~/components/ui/button";
import { pickedImageProblem } from "~/lib/image-upload";
import { productFormSchema } from "~/schemas/product-form";
import { StockForms, VariantEditor, type StockEditorData } from "./variant-editor";

export type ProductFormValues = {
  name: string;
  description: string;
  price: string;
  category: string;
  code: string;
  is_in_stock: boolean;
  imageUrl: string | null;
};

/**
 * Create or edit a product (multipart: works without JavaScript; image checked like the logo),
 * with its stock or its options and variants (`VariantEditor`).
 */
export function ProductForm({
  initial,
  stock,
  categories,
  lastResult,
  stockRefused = null,
}: {
  initial: ProductFormValues;
  stock: StockEditorData;
  categories: { slug: string; name: string }[];
  lastResult?: SubmissionResult<string[]> | null;
  /** A quick stock change the server refused (no JavaScript: the page shows it at its variant). */
  stockRefused?: { variant: string; message: string; set: string | null } | null;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [preview, setPreview] = useState(initial.imageUrl);
  const [imageError, setImageError] = useState<string | null>(null);
  const [form, fields] = useValidatedForm("product", productFormSchema, {
    lastResult,
    defaultValue: {
      name: initial.name,
      description: initial.description,
      price: initial.price,
      category: initial.category,
      code: initial.code,
    },
  });
  useEffect(() => () => void (preview?.startsWith("blob:") && URL.revokeObjectURL(preview)), [preview]);
  const pending = navigation.state === "submitting";
  const price = fields.price as FieldMetadata<string>;
  const { key: priceKey, ...priceProps } = getInputProps(price, { type: "number" });

  return (
    <>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-5">
        <CsrfInput />
        <input type="hidden" name="intent" value="save-product" />
        <FormErrors errors={form.errors} />
        <TextField field={fields.name} label={t("catalogue.admin.fields.name")} />
        <TextAreaField field={fields.description} label={t("catalogue.admin.fields.description")} rows={4} />
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <FieldLabel htmlFor={price.id} required>
              {t("catalogue.admin.fields.price")}
            </FieldLabel>
            <input
              key={priceKey}
              {...priceProps}
              step="0.01"
              min="0.01"
              inputMode="decimal"
              className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
            />
            <FieldErrors id={price.errorId} errors={price.errors} />
          </div>
          <SelectField
            field={fields.category as FieldMetadata<string>}
            label={t("catalogue.admin.fields.category")}
            placeholder={t("catalogue.admin.no_category")}
            options={categories.map((c) => ({ value: c.slug, label: c.name }))}
          />
          <TextField
            field={fields.code as FieldMetadata<string>}
            label={t("catalogue.admin.fields.code")}
            hint={t("catalogue.admin.code_hint")}
            inputProps={{ autoCapitalize: "characters", autoComplete: "off", spellCheck: false, className: "uppercase" }}
          />
        </div>
        <label className="flex items-center gap-2 text-sm font-medium">
          {/* After a refused save (no JavaScript) the box shows what was sent, not what is stored. */}
          <input
            type="checkbox"
            name="is_in_stock"
            defaultChecked={lastResult?.initialValue ? lastResult.initialValue.is_in_stock === "on" : initial.is_in_stock}
            className="size-4"
          />
          {t("catalogue.admin.fields.in_stock")}
        </label>
        <VariantEditor data={stock} lastResult={lastResult} refused={stockRefused} productPrice={initial.price} />
        <div>
          <label htmlFor="product-image" className="mb-1 block text-sm font-medium">
            {t("catalogue.admin.fields.image")}
          </label>
          <div className="flex items-center gap-4">
            <div className="flex size-20 items-center justify-center overflow-hidden rounded-lg border border-border bg-slate-50">
              {preview ? <img src={preview} alt={t("catalogue.admin.image_preview")} className="size-full object-cover" /> : null}
            </div>
            <div className="min-w-0 flex-1">
              <input
                id="product-image"
                name="image"
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp"
                aria-describedby="product-image-hint product-image-error"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  setImageError(null);
                  if (!file) return;
                  const problem = pickedImageProblem(file);
                  if (problem) {
                    setImageError(`catalogue.image.${problem}`);
                    event.target.value = "";
                    return;
                  }
                  setPreview(URL.createObjectURL(file));
                }}
                className="block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium"
              />
              <p id="product-image-hint" className="mt-1 text-xs text-slate-500">
                {t("catalogue.image.hint")}
              </p>
              {initial.imageUrl ? (
                <label className="mt-2 flex items-center gap-2 text-sm">
                  <input type="checkbox" name="remove_image" />
                  {t("catalogue.admin.remove_image")}
                </label>
              ) : null}
              <FieldErrors id="product-image-error" errors={imageError ? [imageError] : (lastResult?.error?.image ?? undefined)} />
            </div>
          </div>
        </div>
        <div className="flex gap-2">
          <Button type="submit" pending={pending} pendingLabel={t("common.saving")}>
            {t("catalogue.admin.save")}
          </Button>
          <Link to="/dashboard/products" className={buttonClasses("outline")}>
            {t("common.cancel")}
          </Link>
        </div>
      </Form>
      <StockForms data={stock} />
    </>
  );
}

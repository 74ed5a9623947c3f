// i18n: the one instance, namespaces, language
export { i18n, addTranslations, changeLanguage, currentLanguage, isLanguage, LANGUAGE_STORAGE_KEY } from './i18n/instance';
export { defineTranslations, type TranslationTree, type Translations, type SameKeys } from './i18n/translations';
export { commonMessages } from './i18n/common-messages';

// session
export { useSession, type Session } from './session/useSession';
export { signOut } from './session/sign-out';
export { serverErrorText } from './errors/server-error-text';

// toasts
export { ToastHost, toastSuccess, toastError, toastInfo, TOAST_LIMIT } from './toasts/toasts';

// formatters
export { formatDate, formatDateTime, toDate } from './format/date';
export {
  formatNumber,
  formatKind,
  formatCount,
  formatUnit,
  formatQuantity,
  formatCurrency,
  formatAmount,
  formatUnitPrice,
  formatPrice,
  DEFAULT_CURRENCY,
  type DecimalsOptions,
} from './format/number';
export { formatTotals, totalsText, Totals, type CurrencyAmount, type TotalsProps } from './format/totals';

// building blocks
export { PageHeader, type PageHeaderProps } from './components/PageHeader';
export { Hub, type HubCard, type HubProps } from './components/Hub';
export { Dialog, type DialogProps } from './components/Dialog';
export { ConfirmDialog, useConfirm, type ConfirmDialogProps, type ConfirmOptions } from './components/ConfirmDialog';
export { ListMessage, type ListMessageProps } from './components/ListMessage';
export { DataTable, type Column, type DataTableProps } from './components/DataTable';
export { dayColumn } from './components/day-column';
export { codeColumn } from './components/code-column';
export { compareValues, nextSort, type SortState, type SortDirection, type CellValue } from './components/table-sort';
export { Truncate, truncateText, type TruncateProps } from './components/Truncate';
export { Badge, type BadgeProps, type BadgeTone } from './components/Badge';
export { Spinner, type SpinnerProps } from './components/Spinner';
export { ErrorState, type ErrorStateProps } from './components/ErrorState';
export { ScreenPlaceholder, type ScreenPlaceholderProps } from './components/ScreenPlaceholder';
export { RequirePermission, type RequirePermissionProps } from './components/RequirePermission';
export { PrintToolbar, type PrintToolbarProps } from './print/PrintToolbar';
export { Section, SectionHub, type SectionArea, type SectionProps } from './components/Section';
export { LanguageSelect } from './components/LanguageSelect';

// sign-in and standalone remotes
export { LoginForm, type LoginFormProps } from './login/LoginForm';
export { LoginScreen, type LoginScreenProps } from './login/LoginScreen';
export { StandaloneRemote, type StandaloneRemoteProps } from './standalone/StandaloneRemote';

// the module kit: numbers, days, fields, forms, pickers, lists (README "The module kit")
// The one exact-decimal engine lives in shared-api (rules/decimal.ts); the kit re-exports what screens use.
export {
  readDecimal,
  formatDecimal,
  editDecimal,
  csvDecimal,
  isDecimalString,
  QUANTITY_DECIMALS,
  UNIT_PRICE_DECIMALS,
  PRICE_DECIMALS,
  type DecimalRead,
  type DecimalProblem,
} from '@wms/shared-api/core';
export { parseDayInput, displayDay, isoDay, dayToDate, dateToDay, today, type DayParse } from './forms/day';
export {
  Field,
  TextField,
  SelectField,
  CheckboxField,
  useFieldId,
  type FieldProps,
  type ControlProps,
  type BaseFieldProps,
  type Option,
} from './forms/Field';
export { PasswordInput, type PasswordInputProps } from './forms/PasswordInput';
export { NumberField, type NumberFieldProps } from './forms/NumberField';
export { QuantityField, type QuantityFieldProps } from './forms/QuantityField';
export { DateField, type DateFieldProps } from './forms/DateField';
export { Calendar, type CalendarProps } from './forms/Calendar';
export { useZodForm, focusField, focusAddedRow, type ZodForm, type FormProblem, type FieldBinding } from './forms/useZodForm';
export { useFormList, type FormList } from './forms/useFormList';
export { optionalField } from './forms/optional-field';
export { ListError, type ListErrorProps } from './forms/ListError';
export { FormActions, RequiredNote, type FormActionsProps } from './forms/FormActions';
export { useLiveForm, type LiveForm } from './forms/useLiveForm';
export { lineField, type LineFieldSource } from './forms/lines';
export { useAction, type PageAction } from './forms/useAction';
export { useIdempotencyKey, type IdempotencyKey } from './forms/useIdempotencyKey';
export { FormDialog, type FormDialogProps } from './components/FormDialog';
export { Facts, type Fact, type FactsProps } from './components/Facts';
export { CardTable, type CardColumn, type CardTableProps } from './components/CardTable';
export { formatUnitTotals, formatUnitProgress, type UnitTotal } from './format/unit-totals';
export { failureText, withReason } from './forms/failure-text';
export { EntityPicker, PICKER_DEBOUNCE_MS, PICKER_LIMIT, type EntityPickerProps, type PickerRow } from './pickers/EntityPicker';
export {
  ProductPicker,
  SupplierPicker,
  CustomerPicker,
  WarehousePicker,
  useWarehouses,
  fetchWarehouseOptions,
  productLabel,
  type WarehousePickerProps,
} from './pickers/pickers';
export { fetchPage, cleanParams, totalOf, type Page, type QueryParams } from './lists/fetch-page';
export { recordApi, type RecordApi } from './lists/record-api';
export {
  usePagedList,
  pagingProps,
  sortingProps,
  useServerList,
  type ServerList,
  useDebounced,
  DEFAULT_PAGE_SIZE,
  SEARCH_DEBOUNCE_MS,
  type PagedList,
  type PagedListOptions,
  savedRowState,
  type SavedRowState,
} from './lists/usePagedList';
export { PagedTable, ListBody, SAVED_ROW_CLASS, type PagedTableProps, type ListBodyProps } from './lists/PagedTable';
export { useRowActions, type RowAction, type RowActionsState } from './lists/useRowAction';
export { useLoad, Loaded, type Load, type LoadedProps } from './lists/Loaded';
export { useRecordLoad, type RecordLoadOptions } from './lists/useRecordLoad';
export { routeRecordId } from './lists/route-id';
export { FilterBar, type FilterBarProps } from './lists/FilterBar';
export { ExportButton, downloadFile, saveFile, type ExportButtonProps } from './lists/export';
export { flagFilterField } from './lists/flag-filter';
export { RowActions, type RowActionsProps } from './lists/RowActions';
export { useDocumentTitle } from './components/useDocumentTitle';
export { NotFound, isNotFound, type NotFoundProps } from './components/NotFound';
// prints: the company's header (issue 26)
export {
  CompanyHeader,
  useCompany,
  useCompanyLogo,
  fetchCompany,
  fetchCompanyLogo,
  COMPANY_PATH,
  type CompanyHeaderProps,
} from './print/CompanyHeader';
// scanning: the scan box (keyboard wedge, paste, camera) over GET /barcodes/{code} (issue 27)
export { ScanInput, lookupScan, type ScanInputProps, type ScanHandler } from './scan/ScanInput';
export { WedgeBurst, WEDGE_GAP_MS, WEDGE_MIN_CHARS } from './scan/wedge';
// goods that leave: a product's stock while a form chooses, and the batch select over shared-api's batchChoices (issue 22)
export { fetchProductStock, useProductStock, type ProductStock, type ProductStockQuery } from './stock/product-stock';
export { BatchSelect, type BatchSelectProps, type BatchOptionText } from './stock/BatchSelect';
export { quantityColumn } from './components/quantity-column';

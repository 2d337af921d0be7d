/** The shared confirmation dialog now lives in components/ui; the campaigns and templates lists still import it from here. */
export { ConfirmDialog } from "../../../components/ui/confirm-dialog";

/** The balances tab: everyone's balance per leave type, each person's ledger, adjustments. */
export function BalancesPanel() {
  return null;
}

#pragma once

#include "catalog/Operation.h"

namespace ades::eu {

class SanctionsLists;

// Handler of eu.sanctions.wallet: is an EVM address one that a loaded sanctions list names for a listed
// subject (SanctionsEntry::walletAddresses)? The answer names every hit with its list, reference, name and
// programme, and how many addresses the loaded lists name at all. No loaded list, or loaded lists that name
// no address (the combined name snapshot), is an uncharged 503: "no hit" there would be missing evidence, not
// a clean answer. Used by the x402 purchase guard; completes on the calling thread.
Handler makeWalletScreenHandler(const SanctionsLists &lists);

} // namespace ades::eu

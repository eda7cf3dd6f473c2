#pragma once

#include <QString>
#include <QtGlobal>

namespace ades::eu::InvoiceToPayOffer {

// The paid dossier's price and where to buy it: RegisterEu.cpp declares the exposures with these values and
// the free check names them in its `purchase` object, so the two cannot disagree. 1.00 USDC is exactly the
// default per-payment cap of the official x402 client (@x402/core 2.27: "$1"), so an unconfigured client
// pays it (tests/e2e/x402-invoice-to-pay.e2e.test.mjs).
inline constexpr qint64 PriceUnits = 1'000'000;
inline const QString PriceText = QStringLiteral("1.00");
inline const QString PaidPath = QStringLiteral("/x402/invoice-to-pay");
inline const QString PaidTool = QStringLiteral("invoice_to_pay_dossier_eu");
inline const QString FreePath = QStringLiteral("/free/invoice-to-pay/check");
inline const QString FreeTool = QStringLiteral("prepare_invoice_to_pay_eu");
inline const QString Contract = QStringLiteral("eu-invoice-to-pay/1");
// Bumped whenever a rule of docs/invoice-to-pay.md changes what a dossier decides.
inline const QString PolicyVersion = QStringLiteral("invoice-to-pay-policy/2026-11-29.1");

} // namespace ades::eu::InvoiceToPayOffer

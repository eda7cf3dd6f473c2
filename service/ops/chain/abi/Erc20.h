#pragma once

#include "EvmAddress.h"
#include "Uint256.h"

#include <QByteArray>
#include <QString>
#include <optional>

namespace ades::chain {

// Calls of the ERC-20 interface (EIP-20) and reading their answers, including the tokens that predate the
// final standard: a symbol returned as bytes32 (MKR, SAI) and no decimals() at all (decimals is OPTIONAL
// in EIP-20).
namespace Erc20 {

QByteArray balanceOf(const EvmAddress &owner);
QByteArray allowance(const EvmAddress &owner, const EvmAddress &spender);
QByteArray decimals();
QByteArray symbol();
QByteArray transfer(const EvmAddress &to, const Uint256 &amount);

// A uint256 answer (balanceOf, allowance): the first word; nullopt for a shorter answer ("0x" from an
// address without code).
std::optional<Uint256> readAmount(const QByteArray &returnData);
// decimals(): a uint8 in a word; nullopt when absent or out of range.
std::optional<int> readDecimals(const QByteArray &returnData);

struct Symbol
{
    QString text;
    bool bytes32 = false; // the non-standard encoding
};
// symbol(): a dynamic string, or the bytes32 of older tokens; nullopt when neither reads as text.
std::optional<Symbol> readSymbol(const QByteArray &returnData);

} // namespace Erc20

// The first four bytes of keccak256 of a signature ("transfer(address,uint256)").
QByteArray selector(const QByteArray &signature);

} // namespace ades::chain

#pragma once

#include <QByteArray>
#include <QString>
#include <optional>

namespace ades::x402 {

// An EIP-3009 TransferWithAuthorization as the x402 v2 `exact` EVM scheme carries it:
// every field is a JSON string.
struct Eip3009Authorization
{
    QString from;
    QString to;
    QString value; // atomic units, decimal
    QString validAfter; // unix seconds, decimal
    QString validBefore; // unix seconds, decimal
    QString nonce; // 0x + 64 hex
};

// EIP-712 hashing for the x402 `exact` EVM scheme (EIP-712, EIP-3009). Every function returns 32 bytes, or
// nullopt when a field is not of its Solidity type (address: 0x + 40 hex; uint256: decimal digits below
// 2^256; bytes32: 0x + 64 hex).
class Eip712
{
public:
    static std::optional<QByteArray> encodeUint256(const QString &decimal);
    static std::optional<QByteArray> encodeAddress(const QString &address);
    static std::optional<QByteArray> encodeBytes32(const QString &hex);

    // keccak256(typehash(EIP712Domain(string name,string version,uint256 chainId,address verifyingContract))
    // ‖ ...)
    static std::optional<QByteArray> domainSeparator(const QString &name, const QString &version,
        const QString &chainId, const QString &verifyingContract);
    static std::optional<QByteArray> transferWithAuthorizationHash(const Eip3009Authorization &authorization);
    // keccak256(0x19 0x01 ‖ domainSeparator ‖ structHash)
    static QByteArray digest(const QByteArray &domainSeparator, const QByteArray &structHash);
};

} // namespace ades::x402

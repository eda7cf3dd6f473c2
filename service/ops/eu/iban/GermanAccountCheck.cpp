#include "GermanAccountCheck.h"

#include <array>
#include <initializer_list>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

constexpr int AccountLength = 10;

using Digits = std::array<int, AccountLength>;

int crossSum(int n)
{
    int sum = 0;
    for (; n > 0; n /= 10)
        sum += n % 10;
    return sum;
}

// Bundesbank positions are 1-based, counted from the left of the 10-digit account; weights are applied
// from the right end of the range leftwards, cycling.
int weightedSum(const Digits &d, int first, int last, std::initializer_list<int> weights, bool crossSums)
{
    int sum = 0;
    int k = 0;
    const int n = int(weights.size());
    for (int pos = last; pos >= first; --pos, ++k) {
        const int product = d[pos - 1] * *(weights.begin() + k % n);
        sum += crossSums ? crossSum(product) : product;
    }
    return sum;
}

// Modulus 10 with weights 2,1 and cross sums (methods 00, 13, 63).
bool mod10(const Digits &d, int first, int last, int checkPos)
{
    const int check = (10 - weightedSum(d, first, last, { 2, 1 }, true) % 10) % 10;
    return check == d[checkPos - 1];
}

// Modulus 11 as in method 06: check = 11 - remainder, where remainders 0 and 1 give check digit 0.
bool mod11(const Digits &d, int first, int last, int checkPos, std::initializer_list<int> weights)
{
    int check = 11 - weightedSum(d, first, last, weights, false) % 11;
    if (check >= 10)
        check = 0;
    return check == d[checkPos - 1];
}

// Methods 13 and 63: the two-digit sub-account (positions 9-10) is sometimes left off and the account
// written with leading zeros instead; the Bundesbank then has the number shifted left by two and checked
// again. Only a number that starts with 00 can have been written that way.
Digits shiftedLeftByTwo(const Digits &d)
{
    Digits s {};
    for (int i = 0; i + 2 < AccountLength; ++i)
        s[i] = d[i + 2];
    return s;
}

} // namespace

std::optional<bool> GermanAccountCheck::verify(const QString &method, const QString &account)
{
    if (account.size() != AccountLength)
        return std::nullopt;
    Digits d {};
    for (int i = 0; i < AccountLength; ++i) {
        const char16_t c = account.at(i).unicode();
        if (c < u'0' || c > u'9')
            return std::nullopt;
        d[i] = c - u'0';
    }

    if (method == "00"_L1)
        return mod10(d, 1, 9, 10);
    if (method == "06"_L1)
        return mod11(d, 1, 9, 10, { 2, 3, 4, 5, 6, 7 });
    if (method == "10"_L1)
        return mod11(d, 1, 9, 10, { 2, 3, 4, 5, 6, 7, 8, 9, 10 });
    if (method == "13"_L1) {
        if (mod10(d, 2, 7, 8))
            return true;
        return d[0] == 0 && d[1] == 0 && mod10(shiftedLeftByTwo(d), 2, 7, 8);
    }
    if (method == "32"_L1)
        return mod11(d, 4, 9, 10, { 2, 3, 4, 5, 6, 7 });
    if (method == "34"_L1)
        return mod11(d, 1, 7, 8, { 2, 4, 8, 5, 10, 9, 7 });
    if (method == "38"_L1)
        return mod11(d, 4, 9, 10, { 2, 4, 8, 5, 10, 9 });
    if (method == "63"_L1) {
        // The first digit is always 0 for this method.
        if (d[0] != 0)
            return false;
        if (mod10(d, 2, 7, 8))
            return true;
        return d[1] == 0 && d[2] == 0 && mod10(d, 4, 9, 10);
    }
    if (method == "88"_L1) {
        // A 9 in position 3 takes that position into the sum.
        if (d[2] == 9)
            return mod11(d, 3, 9, 10, { 2, 3, 4, 5, 6, 7, 8 });
        return mod11(d, 4, 9, 10, { 2, 3, 4, 5, 6, 7 });
    }
    if (method == "99"_L1) {
        // The Bundesbank exempts 0396000000 to 0499999999 from the check.
        if (account >= "0396000000"_L1 && account <= "0499999999"_L1)
            return std::nullopt;
        return mod11(d, 1, 9, 10, { 2, 3, 4, 5, 6, 7 });
    }
    return std::nullopt; // 09 has no check digit; the other methods are not checked here (reported as such)
}

bool GermanAccountCheck::isImplemented(const QString &method)
{
    return implementedMethods().contains(method);
}

QStringList GermanAccountCheck::implementedMethods()
{
    return { u"00"_s, u"06"_s, u"10"_s, u"13"_s, u"32"_s, u"34"_s, u"38"_s, u"63"_s, u"88"_s, u"99"_s };
}

} // namespace ades::eu

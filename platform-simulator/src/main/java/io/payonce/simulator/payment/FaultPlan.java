package io.payonce.simulator.payment;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Which charges get which fault, from a rate per fault and a seed, so that a run can be repeated and its counts
 * asserted exactly.
 * <p>
 * Charges are numbered in the order they are made (1, 2, …; a charge whose request names its faults takes no
 * number). For a rate r the numbers are cut into consecutive blocks: block j holds the charges k with
 * {@code floor((k-1)·r) = j}, so a block is 1/r long (r = 0.01: 100; r = 0.3: 4, 3, 3, 4, …). In every block
 * exactly one charge gets the fault, at a position drawn from (seed, fault, j). Hence after n charges
 * <b>exactly n·r of them have the fault whenever n·r is whole</b> (5,000 charges at 1 %: 50), the positions
 * are spread as a seeded random draw, and the same seed gives the same charges the same faults in every run.
 * Faults are drawn independently of each other, so one charge can have several.
 */
public final class FaultPlan {

	private static final int SCALE = 40;

	private final long seed;

	private final Map<Fault, BigDecimal> rates;

	/** @param rates per fault, each 0 (never) to 1 (every charge); a missing fault is 0 */
	public FaultPlan(long seed, Map<Fault, BigDecimal> rates) {
		this.seed = seed;
		this.rates = new EnumMap<>(Fault.class);
		for (Fault fault : Fault.values()) {
			BigDecimal rate = rates.getOrDefault(fault, BigDecimal.ZERO);
			Objects.requireNonNull(rate, fault.name());
			if (rate.signum() < 0 || rate.compareTo(BigDecimal.ONE) > 0) {
				throw new IllegalArgumentException("the rate of " + fault + " must be between 0 and 1: " + rate);
			}
			this.rates.put(fault, rate);
		}
	}

	/** No faults at all. */
	public static FaultPlan none() {
		return new FaultPlan(0, Map.of());
	}

	/** The faults of charge number {@code charge} (1 = the first). */
	public Set<Fault> draw(long charge) {
		if (charge < 1) {
			throw new IllegalArgumentException("charges count from 1: " + charge);
		}
		Set<Fault> faults = EnumSet.noneOf(Fault.class);
		for (Fault fault : Fault.values()) {
			if (picks(fault, charge)) {
				faults.add(fault);
			}
		}
		return faults;
	}

	public BigDecimal rate(Fault fault) {
		return this.rates.get(fault);
	}

	public long seed() {
		return this.seed;
	}

	private boolean picks(Fault fault, long charge) {
		BigDecimal rate = this.rates.get(fault);
		if (rate.signum() == 0) {
			return false;
		}
		long block = BigDecimal.valueOf(charge - 1).multiply(rate).setScale(0, RoundingMode.FLOOR).longValueExact();
		long start = blockStart(block, rate);
		long length = blockStart(block + 1, rate) - start;
		long position = new SplittableRandom(mix(this.seed, fault.ordinal(), block)).nextLong(length);
		return charge == start + position;
	}

	/** The first charge of block j: the smallest k with (k-1)·r &ge; j, i.e. ceil(j/r) + 1. */
	private static long blockStart(long block, BigDecimal rate) {
		return BigDecimal.valueOf(block).divide(rate, SCALE, RoundingMode.HALF_EVEN).setScale(0, RoundingMode.CEILING)
			.longValueExact() + 1;
	}

	/** One 64-bit seed per (seed, fault, block), well spread (SplitMix64's finaliser). */
	private static long mix(long seed, int fault, long block) {
		long z = seed ^ (0x9E3779B97F4A7C15L * (fault + 1)) ^ (0xBF58476D1CE4E5B9L * (block + 1));
		z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
		z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
		return z ^ (z >>> 31);
	}

}
